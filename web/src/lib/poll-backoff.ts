import { ApiError } from './api-error';

/**
 * Polls that back off from a busy server (issue 12 item 3). Past capacity the API answers 503
 * with `Retry-After` (the local gateway's admission limit, a throttled DynamoDB); a page that
 * polled again on its usual beat would keep the overload going. So the next poll, and the next
 * retry, waits at least what the server asked; a busy answer that does not say (a 503 or 429
 * from a proxy) waits longer each time. Other failures keep the page's own beat, as before.
 * Only the timing changes: the pages show the same texts.
 */

/** The longest a poll waits after busy answers that did not say how long. */
export const MAX_POLL_BACKOFF_MS = 60_000;

const isBusyAnswer = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 503 || error.status === 429);

/** What the server asked for in `Retry-After`, in milliseconds, or null. */
export function retryAfterMsOf(error: unknown): number | null {
  return error instanceof ApiError ? error.retryAfterMs : null;
}

/** The parts of a query's state the delay depends on (TanStack Query's `QueryState`). */
interface PollState {
  error: unknown;
  dataUpdatedAt: number;
  errorUpdatedAt: number;
  errorUpdateCount: number;
}

/**
 * The delay before the next poll of a query that polls every `intervalMs`: that interval while
 * its last answer was good or failed some other way; at least `Retry-After` when the server gave
 * one; after a busy answer without it, about twice the time since the last good answer (so the
 * delays double: 2, 4, 8… intervals), at most {@link MAX_POLL_BACKOFF_MS}.
 */
export function nextPollMs(state: PollState, intervalMs: number): number {
  const { error } = state;
  const retryAfter = retryAfterMsOf(error);
  if (retryAfter !== null) return Math.max(intervalMs, retryAfter);
  if (!isBusyAnswer(error)) return intervalMs;
  // Every error of a query that never had data is part of the streak.
  const failingForMs =
    state.dataUpdatedAt > 0
      ? state.errorUpdatedAt - state.dataUpdatedAt
      : intervalMs * 2 ** Math.max(0, state.errorUpdateCount - 1);
  return Math.min(MAX_POLL_BACKOFF_MS, Math.max(2 * intervalMs, failingForMs));
}

/** A `refetchInterval` that polls every `intervalMs` and backs off as {@link nextPollMs} says. */
export const pollEvery =
  (intervalMs: number) =>
  (query: { state: PollState }): number =>
    nextPollMs(query.state, intervalMs);

/** A `retryDelay` of `delayMs` that waits at least what `Retry-After` asked. */
export const retryDelayAtLeast =
  (delayMs: number) =>
  (_failureCount: number, error: unknown): number =>
    Math.max(delayMs, retryAfterMsOf(error) ?? 0);
