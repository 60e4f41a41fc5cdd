import { notifyManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Test helpers for the payment, visit and video access pages: a fetch stand-in answering by
 * `METHOD /path`, and a way to move fake timers while letting React and TanStack Query settle.
 */

export type Answer = (init: RequestInit, call: number) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An answer that never arrives (a request still in flight). */
export const never: Answer = () => new Promise<Response>(() => undefined);

export const TEST_CONFIG = {
  stripePublishableKey: 'pk_test_123',
  stripeJsUrl: 'http://127.0.0.1:12111/v3/stripe.js',
  supportEmail: 'support@telehealth.test',
};

export const CASE_ID = '6f1c2b9e-4d7a-4c1e-9a8b-2f3d4e5f6a7b';
export const PATIENT_ID = '0b5e7c1a-3f2d-4e6b-8a9c-1d2e3f4a5b6c';

export interface ApiMock {
  fetch: ReturnType<typeof vi.fn>;
  /** Sets (or replaces) the answer for `METHOD /path`. */
  on(route: string, answer: Answer): void;
  /** The calls made to `METHOD /path`, with their JSON bodies. */
  calls(route: string): { body: unknown; init: RequestInit }[];
}

/** Stubs `fetch`; unknown routes answer 500 so a missing stub shows up as an error state. */
export function mockApi(routes: Record<string, Answer> = {}): ApiMock {
  const answers = new Map<string, Answer>(Object.entries(routes));
  const counts = new Map<string, number>();
  const log: { route: string; init: RequestInit }[] = [];

  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const route = `${init.method ?? 'GET'} ${url}`;
    log.push({ route, init });
    const call = counts.get(route) ?? 0;
    counts.set(route, call + 1);
    const answer = answers.get(route);
    if (!answer) return Promise.resolve(json({ message: `No stub for ${route}` }, 500));
    return Promise.resolve(answer(init, call));
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    on: (route, answer) => void answers.set(route, answer),
    calls: (route) =>
      log
        .filter((entry) => entry.route === route)
        .map(({ init }) => ({
          init,
          body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        })),
  };
}

/**
 * Fake timers for page tests. TanStack Query batches its notifications with `setTimeout(0)`,
 * which the fake clock schedules 1 ms ahead; microtasks keep them independent of fake time.
 */
export function installFakeClock(): void {
  vi.useFakeTimers();
  notifyManager.setScheduler((callback) => queueMicrotask(callback));
}

export function restoreClock(): void {
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
}

/** Moves fake time by `ms`, then lets promises, React and TanStack Query settle. */
export async function advance(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let round = 0; round < 20; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

export function notifications() {
  return within(screen.getByRole('region', { name: 'Notifications (F8)' }));
}
