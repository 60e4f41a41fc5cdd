import middy, { type MiddlewareObj } from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { ZodType } from 'zod';
import type { HttpRoute } from '../../routes';
import { authorize } from '../auth/authorize';
import type { Session } from '../auth/sessions';
import { createLogger, errorFields, type Logger } from '../logger';
import { enforceRateLimit, type RateLimitRule } from '../rate-limit';
import { loadSecrets } from '../secrets';
import { parseBody, type ParsedBody } from './body';
import { toErrorAnswer, type EnvelopeOptions } from './envelope';
import { assertSameOrigin } from './origin';
import { clientIp } from './request';
import { apiSecurityHeaders } from './security-headers';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResponse = APIGatewayProxyStructuredResultV2;

export interface HttpResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: string[];
}

export interface HandlerInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  event: HttpEvent;
  session: Session | null;
  clientIp: string;
  log: Logger;
}

export interface HttpHandlerOptions<P, Q, B> extends EnvelopeOptions {
  params?: ZodType<P>;
  query?: ZodType<Q>;
  /** Validates a JSON body; raw and multipart routes receive the parsed body unvalidated. */
  body?: ZodType<B>;
  /** Rate limit applied after validation, before the handler (DESIGN.md §6). */
  rateLimit?: (input: { clientIp: string; session: Session | null }) => RateLimitRule;
  handle(input: HandlerInput<P, Q, B>): Promise<HttpResult>;
}

interface RequestState {
  log: Logger;
  startedAt: number;
  session: Session | null;
  body: ParsedBody;
}

function json(
  status: number,
  body: unknown,
  requestId: string,
  headers: Record<string, string> = {},
  cookies?: string[],
): HttpResponse {
  return {
    statusCode: status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...apiSecurityHeaders,
      'x-request-id': requestId,
      ...headers,
    },
    body: status === 204 ? '' : JSON.stringify(body ?? {}),
    ...(cookies?.length ? { cookies } : {}),
  };
}

/**
 * The one handler factory (DESIGN.md §3). In order: request id and logger, same-origin check,
 * role check from the route manifest, body cap and media type, zod validation of path, query
 * and body, rate limit, then the handler. Every failure on the way becomes the JSON error
 * envelope; a handler only returns data or throws HttpError.
 */
export function httpHandler<P = Record<string, string>, Q = Record<string, string>, B = unknown>(
  route: HttpRoute,
  options: HttpHandlerOptions<P, Q, B>,
) {
  const states = new WeakMap<HttpEvent, RequestState>();
  const stateOf = (event: HttpEvent): RequestState => {
    const state = states.get(event);
    if (!state) throw new Error('request state missing');
    return state;
  };

  const base = async (event: HttpEvent): Promise<HttpResponse> => {
    const state = stateOf(event);
    const body =
      state.body.kind === 'json'
        ? options.body
          ? options.body.parse(state.body.value)
          : state.body.value
        : state.body.kind === 'none'
          ? undefined
          : state.body;
    const params = options.params
      ? options.params.parse(event.pathParameters ?? {})
      : (event.pathParameters ?? {});
    const query = options.query
      ? options.query.parse(event.queryStringParameters ?? {})
      : (event.queryStringParameters ?? {});
    const ip = clientIp(event);
    if (options.rateLimit) {
      await enforceRateLimit(options.rateLimit({ clientIp: ip, session: state.session }));
    }
    const result = await options.handle({
      params: params as P,
      query: query as Q,
      body: body as B,
      event,
      session: state.session,
      clientIp: ip,
      log: state.log,
    });
    return json(
      result.status ?? 200,
      result.body,
      event.requestContext.requestId,
      result.headers,
      result.cookies,
    );
  };

  const pipeline: MiddlewareObj<HttpEvent, HttpResponse, Error, Context> = {
    before: async (request) => {
      const { event } = request;
      const requestId = event.requestContext?.requestId ?? request.context.awsRequestId;
      const log = createLogger({ requestId, route: `${route.method} ${route.path}` });
      states.set(event, { log, startedAt: Date.now(), session: null, body: { kind: 'none' } });
      const state = stateOf(event);
      await loadSecrets();
      if (route.requireSameOrigin) assertSameOrigin(event);
      state.session = await authorize(route.access, event);
      state.body = parseBody(route, event);
    },
    after: (request) => {
      const state = states.get(request.event);
      state?.log.info('request completed', {
        status: request.response?.statusCode,
        durationMs: state ? Date.now() - state.startedAt : undefined,
      });
    },
    onError: (request) => {
      const answer = toErrorAnswer(request.error, options);
      const state = states.get(request.event);
      const log = state?.log ?? createLogger({ route: `${route.method} ${route.path}` });
      const fields = {
        status: answer.status,
        durationMs: state ? Date.now() - state.startedAt : undefined,
      };
      if (answer.expected) log.info('request refused', fields);
      else log.error('request failed', { ...fields, ...errorFields(request.error) });
      request.response = json(
        answer.status,
        answer.body,
        request.event.requestContext?.requestId ?? request.context.awsRequestId,
        answer.headers,
      );
    },
  };
  return middy<HttpEvent, HttpResponse, Error, Context>(base).use(pipeline);
}
