import { vi } from 'vitest';
import type { ResponseOf, RouteContract } from '@shared/http/contract';

/**
 * The one request-mocking layer of the web tests: `fetch` is stubbed, answers are registered per
 * route, and every request is recorded. A route is `"{METHOD} {target}"`, where the target is
 *
 * - a contract's path template (`routeOf(getCaseStatus)` is `GET /api/cases/{caseId}/status`):
 *   any value of each `{name}` matches, the query is ignored;
 * - a path or an absolute URL (`POST https://bucket.example/…`): that path only; with a `?` the
 *   query must match too.
 *
 * A request with no registered answer gets the `unmatched` answer: by default it rejects, so a
 * missing answer fails loudly.
 */

export interface MockRequest {
  /** `"{METHOD} {path and query}"` (or the absolute URL for another origin). */
  route: string;
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** The JSON body, parsed; undefined for other bodies (multipart is in `init.body`). */
  body: unknown;
  init: RequestInit;
  /** The `{name}` values of the matched contract path. */
  params: Record<string, string>;
}

/** Makes the answer to a request; `call` counts the earlier requests of the same route. */
export type Answer = (request: MockRequest, call: number) => Response | Promise<Response>;

export interface ApiMock {
  /** The stub installed as `fetch`. */
  fetch: ReturnType<typeof vi.fn>;
  /** Sets (or replaces) the answer of a route. */
  on(route: string | RouteContract, answer: Answer): void;
  /** The requests made, in order: all of them, or those of one route. */
  calls(route?: string | RouteContract): MockRequest[];
  /** The JSON body of the n-th request of a route. */
  jsonBody(route: string | RouteContract, index?: number): unknown;
}

const ORIGIN = 'http://localhost';

/** The route of a contract: `"{METHOD} {path template}"`. */
export function routeOf(contract: RouteContract): string {
  return `${contract.method} ${contract.path}`;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A JSON answer, except that a string body is sent as it is (a gateway page, plain text). */
export function answer(body: unknown, status: number): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A JSON answer typed by the contract's response. */
export function reply<C extends RouteContract>(
  _contract: C,
  body: ResponseOf<C>,
  status = 200,
): Response {
  return json(body, status);
}

export const noContent: Answer = () => new Response(null, { status: 204 });

/** An answer that never arrives (a request still in flight). */
export const never: Answer = () => new Promise<Response>(() => undefined);

/** The browser's failure when the server cannot be reached. */
export const networkError: Answer = (request) =>
  Promise.reject(new TypeError(`Failed to fetch (no answer for ${request.route})`));

/** A 500 naming the route, for pages whose tests read a missing answer as a server error. */
export const serverError: Answer = (request) =>
  json({ message: `No stub for ${request.route}` }, 500);

const rejectUnanswered: Answer = (request) =>
  Promise.reject(new Error(`No answer for ${request.route}`));

interface Matcher {
  method: string;
  matches(url: URL): Record<string, string> | null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function matcherOf(route: string): Matcher {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const target = new URL(route.slice(space + 1), ORIGIN);
  const names: string[] = [];
  // The URL parser escapes the braces of a template; other escapes must stay as they are.
  const pattern = target.pathname
    .replace(/%7B/gi, '{')
    .replace(/%7D/gi, '}')
    .split(/\{([^}]+)\}/)
    .map((part, index) => (index % 2 === 1 ? (names.push(part), '([^/]+)') : escapeRegExp(part)))
    .join('');
  const path = new RegExp(`^${pattern}$`);
  return {
    method,
    matches(url) {
      if (url.origin !== target.origin) return null;
      if (target.search && url.search !== target.search) return null;
      const found = path.exec(url.pathname);
      if (!found) return null;
      return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]));
    },
  };
}

function routeKey(route: string | RouteContract): string {
  return typeof route === 'string' ? route : routeOf(route);
}

function requestOf(input: RequestInfo | URL, init: RequestInit): MockRequest {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, ORIGIN);
  const method = init.method ?? 'GET';
  const target = url.origin === ORIGIN ? `${url.pathname}${url.search}` : url.href;
  return {
    route: `${method} ${target}`,
    method,
    url,
    headers: { ...(init.headers as Record<string, string> | undefined) },
    body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    init,
    params: {},
  };
}

/** Stubs `fetch` (undone by `vi.unstubAllGlobals()`) with the given answers. */
export function mockApi(
  routes: Record<string, Answer> = {},
  { unmatched = rejectUnanswered }: { unmatched?: Answer } = {},
): ApiMock {
  const answers = new Map<string, { matcher: Matcher; answer: Answer }>();
  const log: { key: string | undefined; request: MockRequest }[] = [];

  const on = (route: string | RouteContract, answer: Answer) => {
    const key = routeKey(route);
    answers.set(key, { matcher: matcherOf(key), answer });
  };
  for (const [route, answer] of Object.entries(routes)) on(route, answer);

  const matchesRoute = (request: MockRequest, key: string) => {
    const matcher = answers.get(key)?.matcher ?? matcherOf(key);
    return matcher.method === request.method && matcher.matches(request.url) !== null;
  };
  const calls = (route?: string | RouteContract) =>
    route === undefined
      ? log.map((entry) => entry.request)
      : log.filter((entry) => matchesRoute(entry.request, routeKey(route))).map((e) => e.request);

  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = requestOf(input, init);
    // The latest registration wins, so a test can replace a default answer.
    const entries = [...answers.entries()].reverse();
    for (const [key, { matcher, answer }] of entries) {
      if (matcher.method !== request.method) continue;
      const params = matcher.matches(request.url);
      if (!params) continue;
      request.params = params;
      const call = log.filter((entry) => entry.key === key).length;
      log.push({ key, request });
      return Promise.resolve(answer(request, call));
    }
    log.push({ key: undefined, request });
    return Promise.resolve(unmatched(request, 0));
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    on: (route, answer) => {
      // Re-registering moves the route to the end, so it wins over earlier ones.
      answers.delete(routeKey(route));
      on(route, answer);
    },
    calls,
    jsonBody: (route, index = 0) => calls(route)[index]?.body,
  };
}

/** A promise to settle later (to see that calls run at the same time). */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
