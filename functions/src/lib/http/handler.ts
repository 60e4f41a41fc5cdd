import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { ZodType } from 'zod';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from '@shared/http/contract';
import { routeKey, type Access, type HttpRoute } from '#routes';
import type { AlongsideAccount } from '../auth/authorize';
import type { Session } from '../auth/sessions';
import type { Logger } from '../logger';
import type { ParsedBody } from './body';
import type { EnvelopeOptions } from './envelope';
import { accessLog } from './middleware/access-log';
import { authorization } from './middleware/authorization';
import { bodyParsing } from './middleware/body-parsing';
import { errorEnvelope } from './middleware/error-envelope';
import { originVerify } from './middleware/origin-verify';
import { rateLimit, type RateLimitFor } from './middleware/rate-limit';
import { requestContext } from './middleware/request-context';
import { sameOrigin } from './middleware/same-origin';
import { secrets } from './middleware/secrets';
import { validation } from './middleware/validation';
import { clientKeyOf } from './client-address';
import { requestState } from './request-state';
import { jsonResponse } from './response';
import type { HttpEvent, HttpMiddleware, HttpResponse } from './types';

export type { HttpEvent, HttpResponse } from './types';

/** Provider and admin routes always have a session (authorization refused the rest). */
export type SessionFor<RouteAccess extends Access> = 'public' extends RouteAccess
  ? Session | null
  : Session;

/** What the handler receives as `body`: the contract's JSON body, or the raw parts to read. */
export type BodyFor<Route extends HttpRoute> = Route['body'] extends 'json'
  ? BodyOf<Route['contract']>
  : Route['body'] extends 'multipart'
    ? Extract<ParsedBody, { kind: 'multipart' }>
    : Route['body'] extends 'raw'
      ? Extract<ParsedBody, { kind: 'raw' }>
      : undefined;

export interface HttpResult<Body = unknown> {
  status?: number;
  body?: Body;
  headers?: Record<string, string>;
  cookies?: string[];
}

export interface HandlerInput<P, Q, B, S, A = undefined> {
  params: P;
  query: Q;
  body: B;
  event: HttpEvent;
  session: S;
  /** What `alongsideAccount` read (undefined for a route without it). */
  alongsideAccount: A;
  /**
   * The client as limits count it (`client-address.ts`): its IPv4 address or IPv6 /64, taken
   * from CloudFront's viewer address only on requests that prove they came through CloudFront.
   */
  clientIp: string;
  log: Logger;
}

export interface HttpHandlerOptions<
  Route extends HttpRoute,
  P,
  Q,
  B,
  A = undefined,
> extends EnvelopeOptions {
  /** Overrides the contract's schema, for a handler that needs a stricter or other reading. */
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** Rate limit applied after validation, before the handler (DESIGN.md §6). */
  rateLimit?: RateLimitFor<SessionFor<Route['access']>>;
  /**
   * Items a provider or admin route reads on every request whose keys follow from the session:
   * read in one request with the account re-check of the role check (lib/auth/authorize.ts).
   */
  alongsideAccount?: AlongsideAccount<A>;
  handle(
    input: HandlerInput<P, Q, B, SessionFor<Route['access']>, A>,
  ): Promise<HttpResult<ResponseOf<Route['contract']>>>;
}

/**
 * The one handler factory (DESIGN.md §3). Each step is a named middy middleware, in this order:
 * request context (id, logger), secrets, the proof of coming through CloudFront, same-origin
 * check, role check from the manifest (not on public routes), body cap and media type,
 * validation of body, path and query against the route's contract, rate limit, then the
 * handler. Every failure on the way becomes the JSON error envelope; only the validation step
 * answers 400 for a schema, so a handler only returns data or throws HttpError. Steps with
 * nothing to wait for return nothing rather than a promise: each request runs every step, and
 * the status poll is the API's busiest route (docs/performance.md, "The status ratio").
 */
export function httpHandler<
  Route extends HttpRoute,
  P = ParamsOf<Route['contract']>,
  Q = QueryOf<Route['contract']>,
  B = BodyFor<Route>,
  A = undefined,
>(route: Route, options: HttpHandlerOptions<Route, P, Q, B, A>) {
  const key = routeKey(route);
  const steps: HttpMiddleware[] = [
    errorEnvelope(key, options),
    accessLog(),
    requestContext(key),
    secrets(),
    originVerify(),
    ...(route.requireSameOrigin ? [sameOrigin()] : []),
    // A public route has no role to check: its request keeps the begun state's `session: null`.
    ...(route.access === 'public' ? [] : [authorization(route, options.alongsideAccount)]),
    bodyParsing(route),
    validation({
      params: options.params ?? route.contract.params,
      query: options.query ?? route.contract.query,
      body: options.body ?? route.contract.body,
    }),
    ...(options.rateLimit ? [rateLimit(options.rateLimit as RateLimitFor)] : []),
  ];

  const handle = async (event: HttpEvent): Promise<HttpResponse> => {
    const state = requestState(event);
    const input = state.input!;
    const result = await options.handle({
      params: input.params as P,
      query: input.query as Q,
      body: input.body as B,
      event,
      // Authorization refused every request without the route's role before this point.
      session: state.session as SessionFor<Route['access']>,
      // Read with the account by the role check, which passed.
      alongsideAccount: state.alongsideAccount as A,
      // Worked out only for the handlers that read it (it checks the CloudFront proof again).
      get clientIp() {
        return clientKeyOf(event);
      },
      log: state.log,
    });
    return jsonResponse(
      result.status ?? 200,
      result.body,
      event.requestContext.requestId,
      result.headers,
      result.cookies,
    );
  };
  return middy<HttpEvent, HttpResponse, Error, Context>(handle).use(steps);
}
