/**
 * The most often one dashboard refreshes its case lists on alerts (issue 29 item 1): every open
 * dashboard refreshes on a case created, paid or back in the queue, and at the capacity model's
 * design load those come every fraction of a second, each refresh of all 500 dashboards reading
 * the same queue page and counter items (infra/lib/capacity.ts `dynamoDbAssumptions`). A lone
 * alert still refreshes at once.
 */
export const ALERT_REFRESH_MIN_MS = 10_000;

export interface CoalescedRefresh {
  /** Refresh now, or once at the end of the current window if one ran within it. */
  request(): void;
  stop(): void;
}

/**
 * `refresh` at most once per `minMs`: the first request at once, the requests within the window
 * after it as one refresh at the window's end (so the last alert is never left unshown).
 */
export function coalescedRefresh(
  refresh: () => void,
  minMs = ALERT_REFRESH_MIN_MS,
  now: () => number = Date.now,
): CoalescedRefresh {
  let lastAt = -Infinity;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    pending = null;
    lastAt = now();
    refresh();
  };
  return {
    request() {
      if (pending !== null) return;
      const wait = lastAt + minMs - now();
      if (wait <= 0) run();
      else pending = setTimeout(run, wait);
    },
    stop() {
      if (pending !== null) clearTimeout(pending);
      pending = null;
    },
  };
}
