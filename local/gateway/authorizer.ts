import { randomUUID } from 'node:crypto';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayRequestAuthorizerEvent,
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerResult,
} from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '#lib/http/client-address';
import { header } from '#lib/http/request';
import { gatewayAuthorizers } from '#routes';
import type { AuthorizerCache } from './authorizer-cache';
import { invoke } from './lambda-runtime';

/**
 * API Gateway's answer before any handler runs: let through, or refuse with 401 (the identity
 * source is missing or empty: the authorizer is not even invoked), 403 (the authorizer said no)
 * or 500 (the authorizer failed).
 */
export type AuthorizerVerdict = { allowed: true } | { allowed: false; status: 401 | 403 | 500 };

/** What the API Gateway answers carry on a refusal, by status. */
export const refusalMessages = {
  401: 'Unauthorized',
  403: 'Forbidden',
  500: 'Internal Server Error',
} as const;

type Headers = Record<string, string | undefined>;

/** The identity source of the origin authorizer (infra/lib/http-api.ts, websocket-api.ts). */
function identitySource(headers: Headers): string | undefined {
  return header({ headers }, ORIGIN_VERIFY_HEADER) || undefined;
}

/** The HTTP API's authorizer event (payload 2.0) for a request to `routeKey`. */
export function httpAuthorizerEvent(
  routeKey: string,
  rawPath: string,
  headers: Headers,
  sourceIp: string,
): APIGatewayRequestAuthorizerEventV2 {
  const now = new Date();
  const [method = 'GET'] = routeKey.split(' ');
  return {
    version: '2.0',
    type: 'REQUEST',
    routeArn: `arn:aws:execute-api:us-east-1:000000000000:local/$default/${method}${rawPath}`,
    identitySource: [identitySource(headers) ?? ''],
    routeKey,
    rawPath,
    rawQueryString: '',
    cookies: [],
    headers,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp, userAgent: '' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
  };
}

/** The WebSocket API's authorizer event for a `$connect`. */
export function connectAuthorizerEvent(
  headers: Headers,
  sourceIp: string,
): APIGatewayRequestAuthorizerEvent {
  return {
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:us-east-1:000000000000:local/$default/$connect',
    resource: '',
    path: '',
    httpMethod: 'GET',
    headers,
    multiValueHeaders: null,
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: {
      routeKey: '$connect',
      eventType: 'CONNECT',
      connectionId: randomUUID(),
      requestId: randomUUID(),
      identity: { sourceIp },
    },
  } as unknown as APIGatewayRequestAuthorizerEvent;
}

/** A WebSocket authorizer's policy lets the connection in when it allows and nothing denies. */
function policyAllows(result: APIGatewayAuthorizerResult): boolean {
  const statements = result.policyDocument?.Statement ?? [];
  const invokes = (statement: (typeof statements)[number]) => {
    const actions = 'Action' in statement ? [statement.Action].flat() : [];
    return actions.some((action) => action === 'execute-api:Invoke' || action === '*');
  };
  const relevant = statements.filter(invokes);
  return (
    relevant.some((statement) => statement.Effect === 'Allow') &&
    !relevant.some((statement) => statement.Effect === 'Deny')
  );
}

/**
 * API Gateway's order: the identity source first (missing or empty: 401, nothing invoked), then
 * the authorizer's answer (no: 403; a thrown error: 500).
 */
async function verdictOf(
  headers: Headers,
  run: () => Promise<boolean>,
): Promise<AuthorizerVerdict> {
  if (identitySource(headers) === undefined) return { allowed: false, status: 401 };
  try {
    return (await run()) ? { allowed: true } : { allowed: false, status: 403 };
  } catch {
    return { allowed: false, status: 500 };
  }
}

/**
 * Runs the origin authorizer for an HTTP API request as API Gateway does before the route's
 * handler (simple responses), keeping its answer per header value in `cache` as API Gateway does
 * for the authorizer's TTL (`authorizerCacheSeconds` of the stack; 0 in a test that must see each
 * change of the secret at once).
 */
export function authorizeHttp(
  cache: AuthorizerCache,
  routeKey: string,
  rawPath: string,
  headers: Headers,
  sourceIp: string,
): Promise<AuthorizerVerdict> {
  return verdictOf(headers, async () => {
    const value = identitySource(headers)!;
    const kept = cache.get(value);
    if (kept !== undefined) return kept;
    const result = (await invoke(
      gatewayAuthorizers.originVerify,
      httpAuthorizerEvent(routeKey, rawPath, headers, sourceIp),
    )) as APIGatewaySimpleAuthorizerResult;
    const allowed = result.isAuthorized === true;
    cache.set(value, allowed);
    return allowed;
  });
}

/** Runs the origin authorizer for a WebSocket `$connect`, reading its IAM policy. */
export function authorizeConnect(headers: Headers, sourceIp: string): Promise<AuthorizerVerdict> {
  return verdictOf(headers, async () =>
    policyAllows(
      (await invoke(
        gatewayAuthorizers.originVerify,
        connectAuthorizerEvent(headers, sourceIp),
      )) as APIGatewayAuthorizerResult,
    ),
  );
}
