import { fireEvent, screen, within } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Test helpers of the application pages: a fetch stand-in answering by `METHOD url`, files of
 * any size, and the native dialog methods jsdom lacks.
 */

export const CONFIG = {
  stripePublishableKey: 'pk_test_123',
  stripeJsUrl: 'http://127.0.0.1:12111/v3/stripe.js',
  supportEmail: 'support@telehealth.test',
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export type Answer = (init: RequestInit, call: number) => Response | Promise<Response>;

export interface FetchCall {
  route: string;
  init: RequestInit;
}

/** Stubs `fetch`; `GET /api/config` answers by default, any other unknown route rejects. */
export function mockFetch(routes: Record<string, Answer> = {}) {
  const answers = new Map<string, Answer>([['GET /api/config', () => json(CONFIG)]]);
  for (const [route, answer] of Object.entries(routes)) answers.set(route, answer);
  const counts = new Map<string, number>();
  const log: FetchCall[] = [];

  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const route = `${init.method ?? 'GET'} ${url}`;
    log.push({ route, init });
    const call = counts.get(route) ?? 0;
    counts.set(route, call + 1);
    const answer = answers.get(route);
    if (!answer) return Promise.reject(new TypeError(`Failed to fetch (no answer for ${route})`));
    return Promise.resolve(answer(init, call));
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    on: (route: string, answer: Answer) => answers.set(route, answer),
    calls: (route?: string) => (route ? log.filter((entry) => entry.route === route) : [...log]),
    /** Calls other than the runtime config. */
    apiCalls: () => log.filter((entry) => entry.route !== 'GET /api/config'),
    jsonBody: (route: string, index = 0): unknown => {
      const body = log.filter((entry) => entry.route === route)[index]?.init.body;
      return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
    },
  };
}

export type FetchMock = ReturnType<typeof mockFetch>;

/** A promise to answer a call later (to see that calls run at the same time). */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A file of a given size without allocating it. */
export function fakeFile(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** jsdom has `<dialog>` but not `showModal`/`close`: the attribute and event are enough here. */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal !== 'function') {
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  }
  if (typeof proto.close !== 'function') {
    proto.close = function close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  }
}

/** The toast region (one toast at a time). */
export function toasts() {
  return within(screen.getByRole('region', { name: 'Notifications (F8)' }));
}

export function fill(label: string | RegExp, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

export function pick(label: string | RegExp, files: File[]): void {
  fireEvent.change(screen.getByLabelText(label), { target: { files } });
}

/** The texts an element's `aria-describedby` points at. */
export function describedTexts(control: HTMLElement): string[] {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '');
}
