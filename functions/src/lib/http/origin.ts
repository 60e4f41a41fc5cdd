import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { env } from '../env';
import { forbidden } from '../errors';
import { header } from './request';

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/**
 * State-changing calls must come from the app's own pages (DESIGN.md §6): browsers always send
 * `Origin` on such requests, so a missing or foreign one is refused. The origin may be one of
 * the configured app origins, or the host the request was sent to (the local gateway serves the
 * app and the API from one host, reachable as localhost or 127.0.0.1).
 */
export function assertSameOrigin(event: APIGatewayProxyEventV2): void {
  const origin = header(event, 'origin');
  if (!origin) throw forbidden(CROSS_SITE_MESSAGE);
  if (env.appOrigins.includes(origin)) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw forbidden(CROSS_SITE_MESSAGE);
  }
  const host = header(event, 'host') ?? event.requestContext?.domainName;
  if (host && originHost === host) return;
  throw forbidden(CROSS_SITE_MESSAGE);
}
