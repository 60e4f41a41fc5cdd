import { vi } from 'vitest';
import * as fixtures from './admin-fixtures';

export interface MockRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
  init: RequestInit;
}

export type Handler = (request: MockRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const noContent = () => new Response(null, { status: 204 });

/**
 * Stubs `fetch` with the admin API: `"{METHOD} {path}"` → handler. Unknown routes answer 404.
 * Returns the recorded requests.
 */
export function mockAdminApi(overrides: Record<string, Handler> = {}) {
  const routes: Record<string, Handler> = {
    'POST /api/admin/login': () => json({ token: fixtures.TOKEN, adminId: fixtures.ADMIN_ID }),
    'POST /api/admin/logout': noContent,
    'GET /api/admin/stats': () => json(fixtures.stats),
    'GET /api/admin/applications': () => json(fixtures.applications),
    'GET /api/admin/cases': () => json(fixtures.cases),
    'GET /api/admin/logs': () => json(fixtures.logs),
    [`GET /api/doctor-applications/${fixtures.applications[0]!.applicationId}/attachments`]: () =>
      json(fixtures.attachments),
    ...overrides,
  };
  const requests: MockRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: MockRequest = { method, url, headers, body, init };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(request) : json({ message: 'Not Found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    requests,
    /** Requests to one route, e.g. `to('GET', '/api/admin/stats')`. */
    to: (method: string, pathname: string) =>
      requests.filter((r) => r.method === method && r.url.pathname === pathname),
  };
}

/** jsdom has `<dialog>` but not `showModal()`/`close()`: enough of them for the tests. */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

/** Signs in as the fixtures' admin before the page renders. */
export function storeAdminSession(): void {
  localStorage.setItem('adminToken', fixtures.TOKEN);
  localStorage.setItem('adminId', fixtures.ADMIN_ID);
}
