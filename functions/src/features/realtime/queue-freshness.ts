import type { WaitEstimate } from '@shared/cases/wait-estimate';
import { PUSHED_PAGE_POLL_MS } from '@shared/realtime/api';

/**
 * The queue's freshness tiers (issue 29, docs/adr/0028 "Freshness tiers"): which waiting pages a
 * fan-out pass tells. A case leaving the head moves every page behind it, so telling every page
 * whose answer changed means ~10,000 pushes a pass at the design load. Pages near the head are
 * told on every pass their answer changed (issue 28's "within 1 s of any queue change"); pages
 * further back, whose place changes little relative to its size, at most once a
 * `QUEUE_FAR_REFRESH_MS` unless their estimate moved by a meaningful step, and at most
 * `QUEUE_FAR_PUSHES_PER_PASS` of them a pass. The fan-out (queue-moves.ts) and the capacity model
 * (infra/lib/capacity/queue-pushes.ts) both read these constants.
 */

/**
 * Places told on every pass: at the design load (500 doctors, a case served every ~2 s) the
 * first 100 are the last ~3.5 minutes of a wait, when each move is news.
 */
export const QUEUE_NEAR_PLACES = 100;

/**
 * A page further back is told again at most this often: what its page polls at anyway with
 * its socket open (`PUSHED_PAGE_POLL_MS`), so a far page never shows an answer older than its
 * own poll would.
 */
export const QUEUE_FAR_REFRESH_MS = PUSHED_PAGE_POLL_MS;

/**
 * Far pages told in one pass at most, stalest first; the rest wait for the next pass. 500 a
 * pass refreshes up to 15,000 far pages every `QUEUE_FAR_REFRESH_MS` at one pass a second, and
 * with the near pages keeps a pass at 600 pushes (under 0.2 s at 64 in flight), instead of one
 * to every page when the doctors on duty change or a new worker starts with no memory.
 */
export const QUEUE_FAR_PUSHES_PER_PASS = 500;

/**
 * A far page's estimate moved by a meaningful step when either end of its minute range moved by
 * at least this share of the range's high end last told: 3 h 20 min shown as 2 h 30 min is news,
 * shown as 3 h 18 min is not.
 */
export const QUEUE_FAR_ESTIMATE_STEP = 0.25;

/** What a page was last told, and when (epoch ms). */
export interface ToldAnswer {
  /** The whole answer, as JSON: the page is told only an answer that differs from it. */
  readonly answer: string;
  readonly estimate: WaitEstimate | null;
  readonly at: number;
}

/** Whether an estimate moved by a meaningful step (appearing or going away is one). */
export function estimateStepped(before: WaitEstimate | null, after: WaitEstimate | null): boolean {
  if (before === null || after === null) return before !== after;
  const moved = Math.max(
    Math.abs(after.lowMinutes - before.lowMinutes),
    Math.abs(after.highMinutes - before.highMinutes),
  );
  return moved > 0 && moved >= QUEUE_FAR_ESTIMATE_STEP * before.highMinutes;
}

/** How urgent telling a page its new answer is: at once, when its turn comes, or not now. */
export type Freshness = 'near' | 'far' | 'later';

/**
 * The tier of a page whose answer changed since `told` (undefined: never told by this worker):
 * near the head, at once; further back, when its last answer is `QUEUE_FAR_REFRESH_MS` old,
 * never told, or its estimate stepped; else later.
 */
export function freshnessOf(
  place: number,
  estimate: WaitEstimate | null,
  told: ToldAnswer | undefined,
  now: number,
): Freshness {
  if (place <= QUEUE_NEAR_PLACES) return 'near';
  if (!told || now - told.at >= QUEUE_FAR_REFRESH_MS || estimateStepped(told.estimate, estimate)) {
    return 'far';
  }
  return 'later';
}
