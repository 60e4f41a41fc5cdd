import { Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { Construct } from 'constructs';

/**
 * What the HTTP and the WebSocket API share: the start of every access log line and the domain
 * CloudFront reaches them on.
 */

/**
 * A stage's access log format: one JSON object a request, which request it was, when and from
 * where, then `fields` (each API's own `$context` variables, in the order given).
 */
export function accessLogFormat(fields: Record<string, string>): AccessLogFormat {
  return AccessLogFormat.custom(
    JSON.stringify({
      requestId: '$context.requestId',
      requestTime: '$context.requestTime',
      sourceIp: '$context.identity.sourceIp',
      ...fields,
    }),
  );
}

/** `{apiId}.execute-api.{region}.amazonaws.com`: CloudFront's origin for an API in `scope`. */
export function executeApiDomain(scope: Construct, apiId: string): string {
  const stack = Stack.of(scope);
  return `${apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
}
