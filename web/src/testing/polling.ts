import { QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import { vi } from 'vitest';
import { createQueryClient } from '@web/lib/queryClient';

/** What the API answers past capacity (issue 12): 503, the error envelope, `Retry-After`. */
export const busyAnswer = (headers: Record<string, string> = { 'retry-after': '5' }) =>
  new Response(JSON.stringify({ message: 'The service is temporarily unavailable.' }), {
    status: 503,
    headers: { 'content-type': 'application/json', ...headers },
  });

export const jsonAnswer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** Stubs `fetch` to answer with `answers` in order, the last one from then on. */
export function answering(...answers: (() => Response)[]) {
  const fetchMock = vi.fn(() => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (!next) throw new Error('answering() needs an answer');
    return Promise.resolve(next());
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

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
