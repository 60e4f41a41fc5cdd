import { useEffect, useState } from 'react';
import { fetchRawConfig } from './raw-config';

/** The promise's minutes from a config answer; undefined for anything else. */
function minutesOf(answer: unknown): number | undefined {
  const minutes = (answer as { waitPromiseMinutes?: unknown } | null)?.waitPromiseMinutes;
  return typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0
    ? minutes
    : undefined;
}

/**
 * The server's wait promise (`WAIT_PROMISE_MINUTES` in `GET /api/config`, issue 28 item 3),
 * undefined until known or when it cannot be read. A plain `fetch` after the first render: the
 * landing is prerendered and its first load carries neither TanStack Query nor zod (issue 12,
 * web/prerender/bundle.test.ts), so the prerendered HTML and the hydration both say nothing
 * until the answer is in.
 */
export function useWaitPromiseMinutes(): number | undefined {
  const [minutes, setMinutes] = useState<number | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    Promise.resolve()
      .then(() => fetchRawConfig(controller.signal))
      .then((answer) => setMinutes(minutesOf(answer)))
      // Offline or refused: the page says no promise rather than one we are unsure of.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return minutes;
}
