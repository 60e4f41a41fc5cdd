import { QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import { vi } from 'vitest';
import { createQueryClient } from '@web/lib/queryClient';
import { json, type Answer } from './api-mock';

/**
 * What the API answers past capacity (issue 12): 503, the error envelope and `Retry-After`
 * (5 s unless told; none when null).
 */
export function busyAnswer(retryAfter: string | null = '5'): Response {
  const headers: Record<string, string> = retryAfter === null ? {} : { 'retry-after': retryAfter };
  return json({ message: 'The service is temporarily unavailable.' }, 503, headers);
}

/** The busy answer as a route's answer of the request mock. */
export const busy: Answer = () => busyAnswer();

/**
 * Mounts a query as a page does (an observer with a listener, so its interval runs; the test
 * needs the jsdom environment, since TanStack Query runs no intervals without `window`).
 * Returns the unmount.
 */
export function observeQuery(options: object): () => void {
  const client = createQueryClient();
  const observer = new QueryObserver(client, options as QueryObserverOptions);
  const unsubscribe = observer.subscribe(() => {});
  return () => {
    unsubscribe();
    client.clear();
  };
}

/** Fake timers that leave setImmediate alone: reading a Response body needs it. */
export function fakePollClock(): void {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}
