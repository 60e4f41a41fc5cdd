/**
 * The open-loop schedule of the waiting-room run: every patient polls on its own fixed interval
 * from a random phase, whatever the server does. A slow answer does not delay the next request
 * (as in a closed loop, where the load backs off exactly when the server is in trouble), so
 * queueing shows up as latency, measured from the time a request was due.
 */

/** One patient's polling: every `intervalMs`, the first at `firstAtMs` after the run starts. */
export interface PollPlan {
  intervalMs: number;
  firstAtMs: number;
}

/** Patients per page for a total, by largest remainder, so the counts add up to the total. */
export function splitByShare<Page extends string>(
  total: number,
  shares: readonly { page: Page; share: number }[],
): { page: Page; count: number }[] {
  const exact = shares.map(({ page, share }) => ({ page, exact: total * share }));
  const counts = exact.map(({ page, exact: value }) => ({ page, count: Math.floor(value) }));
  let left = total - counts.reduce((sum, { count }) => sum + count, 0);
  const byRemainder = exact
    .map(({ exact: value }, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    counts[index]!.count += 1;
    left -= 1;
  }
  return counts;
}

/**
 * Jittered start: each patient's first poll lands uniformly within its first interval, as when
 * patients open their pages at unrelated moments. `random` returns [0, 1) (Math.random).
 */
export function jitteredPlan(intervalMs: number, random: () => number): PollPlan {
  return { intervalMs, firstAtMs: random() * intervalMs };
}

/** The sends of a schedule, in time order: when each is due and whose it is. */
export interface Schedule {
  atMs: Float64Array;
  patient: Uint32Array;
}

/** Every poll due in [fromMs, toMs) after the run starts, sorted by time. */
export function buildSchedule(plans: readonly PollPlan[], fromMs: number, toMs: number): Schedule {
  const sends: { atMs: number; patient: number }[] = [];
  plans.forEach(({ intervalMs, firstAtMs }, patient) => {
    const skipped = Math.max(0, Math.ceil((fromMs - firstAtMs) / intervalMs));
    for (let atMs = firstAtMs + skipped * intervalMs; atMs < toMs; atMs += intervalMs) {
      sends.push({ atMs, patient });
    }
  });
  sends.sort((a, b) => a.atMs - b.atMs);
  return {
    atMs: Float64Array.from(sends, (send) => send.atMs),
    patient: Uint32Array.from(sends, (send) => send.patient),
  };
}

/** The index of the first send not yet due at `elapsedMs`, from `cursor` on. */
export function dueUntil(schedule: Schedule, cursor: number, elapsedMs: number): number {
  let next = cursor;
  while (next < schedule.atMs.length && schedule.atMs[next]! <= elapsedMs) next += 1;
  return next;
}

/**
 * Fires each send when it is due (timers, in this process's event loop), with the time it was
 * due: the caller measures latency from that time, so a late send counts against the figures
 * and its lateness is reported (if the load process itself falls behind, the report says so).
 */
export function runSchedule(
  schedule: Schedule,
  startedAt: number,
  fire: (patient: number, dueAt: number) => void,
  now: () => number = () => performance.now(),
): Promise<void> {
  return new Promise((resolve) => {
    let cursor = 0;
    const step = () => {
      const elapsed = now() - startedAt;
      const until = dueUntil(schedule, cursor, elapsed);
      for (; cursor < until; cursor += 1) {
        fire(schedule.patient[cursor]!, startedAt + schedule.atMs[cursor]!);
      }
      if (cursor >= schedule.atMs.length) {
        resolve();
        return;
      }
      setTimeout(step, Math.max(0, schedule.atMs[cursor]! - (now() - startedAt)));
    };
    step();
  });
}
