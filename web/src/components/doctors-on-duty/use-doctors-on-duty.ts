import { useEffect, useState } from 'react';
import { throwIfResNotOk } from '@web/lib/api-error';
import { nextPollMs } from '@web/lib/poll-backoff';

/** `GET /api/doctors-on-duty` (the contract's path; the test checks it: the contract brings zod). */
export const DOCTORS_ON_DUTY_PATH = '/api/doctors-on-duty';

/** How often the pages before paying ask again (issue 28 item 4). */
export const DOCTORS_ON_DUTY_POLL_MS = 15_000;

export interface DoctorsOnDutyReading {
  /** The last count read, kept through a failed poll. */
  count: number | undefined;
  failed: boolean;
}

async function readCount(signal: AbortSignal): Promise<number> {
  const response = await fetch(DOCTORS_ON_DUTY_PATH, { signal });
  await throwIfResNotOk(response);
  const onDuty = ((await response.json()) as { onDuty?: unknown } | null)?.onDuty;
  if (typeof onDuty !== 'number' || !Number.isInteger(onDuty) || onDuty < 0) {
    throw new Error('The doctors-on-duty answer has no count');
  }
  return onDuty;
}

/**
 * The count of doctors on duty, every 15 s while the page is shown, at once when it is shown
 * again (a count a patient reads before paying should not be a tab's hour old); a busy server's
 * `Retry-After` spaces the polls out (lib/poll-backoff.ts). Each page asks afresh: the answer may
 * come from the browser's cache (`DOCTORS_ON_DUTY_MAX_AGE_SECONDS`). A plain `fetch` with a check of its
 * one number, not TanStack Query and the route's contract: the landing has neither in its first
 * load, and fetching them as it mounts counted 40 kB gzip against its 100 kB (issue 29 item 6).
 */
export function useDoctorsOnDuty(): DoctorsOnDutyReading {
  const [reading, setReading] = useState<DoctorsOnDutyReading>({
    count: undefined,
    failed: false,
  });
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const state = {
      error: null as unknown,
      dataUpdatedAt: 0,
      errorUpdatedAt: 0,
      errorUpdateCount: 0,
    };
    const shown = () => document.visibilityState !== 'hidden';
    const poll = async () => {
      clearTimeout(timer);
      controller?.abort();
      const current = new AbortController();
      controller = current;
      try {
        const count = await readCount(current.signal);
        if (current.signal.aborted) return;
        state.error = null;
        state.dataUpdatedAt = Date.now();
        setReading({ count, failed: false });
      } catch (error) {
        if (current.signal.aborted) return;
        state.error = error;
        state.errorUpdatedAt = Date.now();
        state.errorUpdateCount += 1;
        setReading((previous) => ({ ...previous, failed: true }));
      }
      if (!stopped && shown()) {
        timer = setTimeout(() => void poll(), nextPollMs(state, DOCTORS_ON_DUTY_POLL_MS));
      }
    };
    // `visibilitychange` is fired at the document and bubbles to the window.
    const onVisibility = () => {
      if (shown()) void poll();
      else clearTimeout(timer);
    };
    void poll();
    window.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      window.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
  return reading;
}
