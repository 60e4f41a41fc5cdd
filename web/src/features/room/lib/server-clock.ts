import { MEETING_WARNING_SECONDS } from '@shared/meetings/room';

/**
 * The room's countdown runs to `endsAt` on the server's clock (DESIGN.md §7), so a page whose
 * device clock is off still closes when the server does. The offset is measured on the session
 * request: the server read its clock about halfway through the round trip.
 */

/** What to add to this device's `Date.now()` to get the server's time. */
export function clockOffsetMs(serverTime: string, sentAtMs: number, receivedAtMs: number): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  return Math.round(server - (sentAtMs + receivedAtMs) / 2);
}

/** Milliseconds left until `endsAt` (never below 0), on the server's clock. */
export function msLeft(endsAt: string, nowMs: number, offsetMs: number): number {
  const end = Date.parse(endsAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, end - (nowMs + offsetMs));
}

/** `mm:ss`, rounding up so the display reaches 00:00 exactly when the time is up. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The last `MEETING_WARNING_SECONDS` of the call, before its end. */
export function isEndingSoon(ms: number): boolean {
  return ms > 0 && ms <= MEETING_WARNING_SECONDS * 1000;
}
