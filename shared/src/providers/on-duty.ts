/**
 * Doctors on duty (issue 28 item 4): a doctor is on duty while a dashboard of theirs is connected
 * and was used recently. The dashboard's socket says so by a heartbeat (`HEARTBEAT_MESSAGE` in
 * realtime/api.ts) every `ON_DUTY_HEARTBEAT_SECONDS`, carrying when the page was last used; the
 * server keeps both times on the connection. Closing the tab deletes the connection at once; a
 * tab that died without a close drops out when its heartbeat is `ON_DUTY_STALE_SECONDS` old.
 */

/** How often an open dashboard sends its heartbeat. */
export const ON_DUTY_HEARTBEAT_SECONDS = 60;
/** A heartbeat older than this no longer counts: two missed beats (the 120 s). */
export const ON_DUTY_STALE_SECONDS = 120;
/** A dashboard nobody used for this long is open but nobody is at it. */
export const ON_DUTY_IDLE_MINUTES = 30;

/** What the rule reads of one dashboard connection (ISO times; absent before the first beat). */
export interface DutySignal {
  providerId: string;
  /** When the server last received the page's heartbeat (server time). */
  heartbeatAt?: string | undefined;
  /** When the page says it was last used (clamped to the heartbeat's time by the server). */
  usedAt?: string | undefined;
}

const msAgo = (iso: string | undefined, now: Date): number => {
  const at = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isNaN(at) ? Number.POSITIVE_INFINITY : now.getTime() - at;
};

/** Whether one dashboard connection keeps its doctor on duty at `now`. */
export function keepsOnDuty(signal: DutySignal, now: Date): boolean {
  return (
    msAgo(signal.heartbeatAt, now) <= ON_DUTY_STALE_SECONDS * 1000 &&
    msAgo(signal.usedAt, now) <= ON_DUTY_IDLE_MINUTES * 60 * 1000
  );
}

/** The doctors on duty among these connections: each provider once, however many tabs. */
export function countOnDuty(signals: Iterable<DutySignal>, now: Date): number {
  const onDuty = new Set<string>();
  for (const signal of signals) if (keepsOnDuty(signal, now)) onDuty.add(signal.providerId);
  return onDuty.size;
}
