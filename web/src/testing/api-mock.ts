import { onTestFinished, vi } from 'vitest';
import type { ResponseOf, RouteContract } from '@shared/http/contract';
import { answerProblem, contractOf, contractOfTarget, requestBodyProblem } from './api-contracts';

/**
 * The one request-mocking layer of the web tests: only this module stubs `fetch` (eslint.config.js
 * forbids it anywhere else in the tests). Answers are registered per route, every request is
 * recorded, and every call to the API keeps to its route's contract in `shared/`, so a mock
 * cannot drift from the server:
 *
 * - a request to the app's origin must be a route of a contract; a route registered for a path
 *   no contract has is refused at once;
 * - a request body must pass the contract's body schema;
 * - a 2xx answer must pass its response schema, any other the error envelope.
 *
 * A request that breaks its contract, or an answer that does, rejects the call, and the test fails
 * when it ends even if the code under test caught the rejection. An answer that breaks the
 * contract on purpose (a gateway page, a body from a broken server) says so with
 * {@link offContract}. Requests to other origins (the S3 bucket) are not API calls: no contract.
 *
 * A route is `"{METHOD} {target}"`, where the target is
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
  /**
   * The contract breaks seen so far, which then no longer fail the test: for the tests of this
   * mock, which break contracts on purpose.
   */
  takeViolations(): string[];
}

const ORIGIN = 'http://localhost';

/** The route of a contract: `"{METHOD} {path template}"`. */
export function routeOf(contract: RouteContract): string {
  return `${contract.method} ${contract.path}`;
}

/**
 * The text of each answer made here, so an answer is checked without reading its stream (which
 * would take turns of the event loop, and fake clocks hold some of them back).
 */
const answerTexts = new WeakMap<Response, string>();
/** Answers that break their route's contract on purpose (see {@link offContract}). */
const offContractAnswers = new WeakSet<Response>();

function textAnswer(text: string, status: number, headers: Record<string, string>): Response {
  const response = new Response(text, { status, headers });
  answerTexts.set(response, text);
  return response;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return textAnswer(JSON.stringify(body), status, {
    'Content-Type': 'application/json',
    ...headers,
  });
}

/** A JSON answer, except that a string body is sent as it is (a gateway page, plain text). */
export function answer(body: unknown, status: number): Response {
  if (typeof body !== 'string') return json(body, status);
  return textAnswer(body, status, { 'Content-Type': 'application/json' });
}

/** A JSON answer typed by the contract's response. */
export function reply<C extends RouteContract>(
  _contract: C,
  body: ResponseOf<C>,
  status = 200,
): Response {
  return json(body, status);
}

/**
 * Marks an answer that breaks its route's contract on purpose, to show how the app copes with
 * what the API's handlers never send: a gateway or CDN page, a plain-text 404, a success body
 * of the wrong shape (a broken or newer server). The mock passes it unchecked.
 */
export function offContract(response: Response): Response {
  offContractAnswers.add(response);
  return response;
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

/** Each answer in turn, one per request of the route; the last one from then on. */
export function inTurn(...answers: [Answer, ...Answer[]]): Answer {
  return (request, call) => answers[Math.min(call, answers.length - 1)]!(request, call);
}

const rejectUnanswered: Answer = (request) =>
  Promise.reject(new Error(`No answer for ${request.route}`));

interface Matcher {
  method: string;
  matches(url: URL): Record<string, string> | null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The path of a route's target; the URL parser escapes a template's braces, put back here. */
function targetPath(target: URL): string {
  return target.pathname.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
}

function matcherOf(route: string): Matcher {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const target = new URL(route.slice(space + 1), ORIGIN);
  const names: string[] = [];
  const pattern = targetPath(target)
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

/** Refuses a route of the app's origin that no contract has: a mock of a route that is not. */
function assertRouteExists(route: string): void {
  const space = route.indexOf(' ');
  const target = new URL(route.slice(space + 1), ORIGIN);
  if (target.origin !== ORIGIN) return;
  if (!contractOfTarget(route.slice(0, space), targetPath(target))) {
    throw new Error(`api-mock: no route contract in shared/ has ${route}`);
  }
}

function routeKey(route: string | RouteContract): string {
  return typeof route === 'string' ? route : routeOf(route);
}

function headersOf(headers: HeadersInit | undefined): Record<string, string> {
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...headers };
}

function jsonOf(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
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
    headers: headersOf(init.headers),
    body: jsonOf(init.body),
    init,
    params: {},
  };
}

/** The text of an answer made by this module: null when it has no body, undefined if unknown. */
function answerText(response: Response): string | null | undefined {
  if (answerTexts.has(response)) return answerTexts.get(response);
  return response.body === null ? null : undefined;
}

/**
 * Stubs `fetch` (undone by `vi.unstubAllGlobals()`) with the given answers. Call it in a test or
 * a `beforeEach`: the contract check fails the running test.
 */
export function mockApi(
  routes: Record<string, Answer> = {},
  { unmatched = rejectUnanswered }: { unmatched?: Answer } = {},
): ApiMock {
  const answers = new Map<string, { matcher: Matcher; answer: Answer }>();
  const log: { key: string | undefined; request: MockRequest }[] = [];
  const violations: string[] = [];

  onTestFinished(() => {
    if (violations.length > 0) {
      throw new Error(`api-mock: the API contract was broken:\n${violations.join('\n')}`);
    }
  });

  /** Records a contract break and rejects the call with it. */
  const refuse = (message: string): Promise<never> => {
    violations.push(message);
    return Promise.reject(new Error(`api-mock: ${message}`));
  };

  const on = (route: string | RouteContract, answer: Answer) => {
    const key = routeKey(route);
    assertRouteExists(key);
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

  /** The answer of a request, the route's contract kept both ways. */
  const respond = (
    request: MockRequest,
    contract: RouteContract | undefined,
    produce: () => Response | Promise<Response>,
  ): Promise<Response> => {
    if (!contract) return Promise.resolve(produce());
    const route = routeOf(contract);
    const bodyProblem = requestBodyProblem(contract, request.init.body);
    if (bodyProblem)
      return refuse(`${request.route} sends a body that breaks ${route}: ${bodyProblem}`);
    const check = (response: Response): Response | Promise<never> => {
      if (offContractAnswers.has(response)) return response;
      const text = answerText(response);
      const problem =
        text === undefined
          ? 'its body is unknown to the mock: build API answers with json(), answer(), reply() ' +
            'or noContent, and wrap a deliberate break in offContract()'
          : answerProblem(contract, response.status, text);
      if (problem) return refuse(`the answer to ${request.route} breaks ${route}: ${problem}`);
      return response;
    };
    const produced = produce();
    // A ready answer is checked at once, so the call settles as soon as it did unchecked.
    return produced instanceof Response ? Promise.resolve(check(produced)) : produced.then(check);
  };

  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = requestOf(input, init);
    // Only the app's own origin serves the API; another (the bucket) has no contract.
    const isApi = request.url.origin === ORIGIN;
    const contract = isApi ? contractOf(request.method, request.url.pathname) : undefined;
    if (isApi && !contract) {
      log.push({ key: undefined, request });
      return refuse(`${request.route} is no route of a contract in shared/`);
    }
    // The latest registration wins, so a test can replace a default answer.
    const entries = [...answers.entries()].reverse();
    for (const [key, { matcher, answer }] of entries) {
      if (matcher.method !== request.method) continue;
      const params = matcher.matches(request.url);
      if (!params) continue;
      request.params = params;
      const call = log.filter((entry) => entry.key === key).length;
      log.push({ key, request });
      return respond(request, contract, () => answer(request, call));
    }
    log.push({ key: undefined, request });
    return respond(request, contract, () => unmatched(request, 0));
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
    takeViolations: () => violations.splice(0),
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
