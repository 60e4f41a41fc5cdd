import { countOnDuty } from '@shared/providers/on-duty';
import { dutySignals } from '#db/connections';

/**
 * The doctors on duty now (issue 28 item 4): each provider once whose open dashboard sent a
 * heartbeat within `ON_DUTY_STALE_SECONDS` and was used within `ON_DUTY_IDLE_MINUTES`
 * (shared/src/providers/on-duty.ts). One Query of the alert list (db/connections.ts
 * `dutySignals`), a few hundred bytes per open dashboard: about 0.5 RCU per 4 KB, so one read
 * unit for a dozen dashboards, one 1 MB page (128 RCU) for a few thousand. At the 10,000-doctor
 * scale of issue 29 a count kept on write would be cheaper; the public route caches the answer
 * so the landing's readers do not each pay for it.
 *
 * `now` is when "within" is measured from: tests pass a later time instead of waiting.
 */
export async function countDoctorsOnDuty(now: Date = new Date()): Promise<number> {
  return countOnDuty(await dutySignals(), now);
}

/**
 * How old a count `recentDoctorsOnDuty` answers may be: the waiting pages' wait route asks about
 * 330 times a second at 10,000 waiting (issue 29), one count per instance per 2 s keeps the alert
 * list's partition far below its limit (docs/capacity.md), and 2 s is nothing on the rule's
 * 120 s heartbeat scale.
 */
export const RECENT_ON_DUTY_MAX_AGE_MS = 2_000;

let recentCount: { count: number; at: number } | undefined;

/** `countDoctorsOnDuty`, counted once per instance per `RECENT_ON_DUTY_MAX_AGE_MS`. */
export async function recentDoctorsOnDuty(now: Date = new Date()): Promise<number> {
  const age = recentCount ? now.getTime() - recentCount.at : Infinity;
  if (!recentCount || age < 0 || age >= RECENT_ON_DUTY_MAX_AGE_MS) {
    recentCount = { count: await countDoctorsOnDuty(now), at: now.getTime() };
  }
  return recentCount.count;
}
