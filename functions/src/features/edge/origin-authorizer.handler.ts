import type {
  APIGatewayAuthorizerResult,
  APIGatewayRequestAuthorizerEvent,
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerResult,
} from 'aws-lambda';
import { dependencyFailure } from '#core/dependency-failure';
import { createLogger, errorFields } from '#lib/logger';
import { checkOriginProof } from '#lib/http/origin-proof';
import { loadSecrets } from '#lib/secrets';

/** What the HTTP API sends (payload 2.0) and what the WebSocket API's `$connect` sends. */
export type OriginAuthorizerEvent =
  APIGatewayRequestAuthorizerEventV2 | APIGatewayRequestAuthorizerEvent;
export type OriginAuthorizerResult = APIGatewaySimpleAuthorizerResult | APIGatewayAuthorizerResult;

/** The principal the WebSocket answer names: CloudFront, the only caller it lets in. */
export const ORIGIN_PRINCIPAL = 'cloudfront';

/** A WebSocket authorizer answers with an IAM policy on the `$connect` it was asked about. */
function connectPolicy(methodArn: string, allow: boolean): APIGatewayAuthorizerResult {
  return {
    principalId: ORIGIN_PRINCIPAL,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [
        { Action: 'execute-api:Invoke', Effect: allow ? 'Allow' : 'Deny', Resource: methodArn },
      ],
    },
  };
}

/**
 * The Lambda REQUEST authorizer API Gateway runs before every HTTP route and the WebSocket
 * `$connect` (docs/adr/0011-origin-authorizer.md): the request must carry CloudFront's
 * `x-origin-verify` with the current or, during a rotation, the previous value of the secret. API
 * Gateway answers 401 itself when the header is missing or empty (it is the identity source), so
 * this runs only for a request that carries one; a wrong value is refused (403) and no handler
 * runs. The HTTP API caches the answer per header value (infra/lib/http-api.ts); WebSocket
 * authorizers are not cached. A function without the secret refuses everything: a missing value
 * never opens the API. A failed secret load throws, which API Gateway answers 500 without caching.
 */
export async function handler(event: OriginAuthorizerEvent): Promise<OriginAuthorizerResult> {
  const log = createLogger({ route: 'methodArn' in event ? '$connect' : event.routeKey });
  try {
    await loadSecrets();
  } catch (error) {
    log.warn('origin authorizer could not read its secret', {
      ...errorFields(error),
      ...(dependencyFailure(error) ?? {}),
    });
    throw error;
  }
  const proof = await checkOriginProof({ headers: event.headers ?? undefined });
  if (proof === 'unconfigured') log.error('origin-verify secret missing: every request is refused');
  else if (proof === 'refused') log.info('origin proof refused');
  const allow = proof === 'proven';
  return 'methodArn' in event ? connectPolicy(event.methodArn, allow) : { isAuthorized: allow };
}
