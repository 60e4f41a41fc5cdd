import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import sample from '../../../events/http/getApplicationStatus.json';
import { env } from '../core/env';
import { ORIGIN_VERIFY_HEADER } from '../lib/http/client-address';
import type { WebSocketConnectEvent } from '../lib/realtime/handler';
import type { HttpRoute } from '../routes';

export interface EventOverrides {
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
  sourceIp?: string;
  /**
   * The `x-origin-verify` value. By default the configured secret, as CloudFront adds it to
   * every request; `null` for a request sent to API Gateway directly, without it.
   */
  originVerify?: string | null;
}

/** The header CloudFront adds, for an event that should look like it came through it. */
function originVerifyHeaders(value: string | null | undefined): Record<string, string> {
  const secret = value === undefined ? env.originVerifySecret : value;
  return secret ? { [ORIGIN_VERIFY_HEADER]: secret } : {};
}

/** An API Gateway v2 event for `route`, based on the sample in `events/`. */
export function httpEvent(
  route: HttpRoute,
  overrides: EventOverrides = {},
): APIGatewayProxyEventV2 {
  const routeKey = `${route.method} ${route.path}`;
  const base = structuredClone(sample) as APIGatewayProxyEventV2;
  // The sample carries the local stack's origin header (what CloudFront adds); this one is set
  // (or left out) by `originVerify` below.
  const { [ORIGIN_VERIFY_HEADER]: _sampleOriginVerify, ...sampleHeaders } = base.headers;
  return {
    ...base,
    routeKey,
    rawPath: route.path,
    headers: {
      ...sampleHeaders,
      ...originVerifyHeaders(overrides.originVerify),
      ...overrides.headers,
    },
    cookies: overrides.cookies,
    pathParameters: overrides.pathParameters,
    queryStringParameters: overrides.query,
    body: overrides.body,
    isBase64Encoded: overrides.isBase64Encoded ?? false,
    requestContext: {
      ...base.requestContext,
      routeKey,
      requestId: randomUUID(),
      http: {
        ...base.requestContext.http,
        method: route.method,
        path: route.path,
        sourceIp: overrides.sourceIp ?? base.requestContext.http.sourceIp,
      },
    },
  };
}

/**
 * A `$connect` event as API Gateway sends it, with the handshake headers and query given. No
 * `x-origin-verify` unless the headers name it: these are for tests of what `$connect` refuses.
 */
export function webSocketConnectEvent(
  headers: Record<string, string>,
  query: Record<string, string> = {},
): WebSocketConnectEvent {
  return {
    headers,
    queryStringParameters: query,
    isBase64Encoded: false,
    requestContext: {
      routeKey: '$connect',
      eventType: 'CONNECT',
      connectionId: `conn-${randomUUID()}`,
      requestId: randomUUID(),
      domainName: 'example.execute-api.us-east-1.amazonaws.com',
      stage: 'dev',
      apiId: 'example',
      connectedAt: 0,
      requestTimeEpoch: 0,
      requestTime: '',
      extendedRequestId: randomUUID(),
      messageDirection: 'IN',
    },
  } as unknown as WebSocketConnectEvent;
}

export const testContext = {
  awsRequestId: 'test-request',
  functionName: 'test',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

export interface JsonAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Runs a handler and parses its JSON answer. */
export async function call(
  handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>,
  event: APIGatewayProxyEventV2,
): Promise<JsonAnswer> {
  const result = (await handler(event, testContext)) as {
    statusCode: number;
    headers: Record<string, string>;
    body: string;
  };
  return {
    status: result.statusCode,
    headers: result.headers,
    body: result.body ? (JSON.parse(result.body) as Record<string, unknown>) : {},
  };
}
