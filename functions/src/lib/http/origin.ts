import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { env } from '../env';
import { forbidden } from '../errors';
import { header } from './request';

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/**
 * Whether a request comes from the app's own pages: its `Origin` is one of the configured app
 * origins, or the host the request was sent to (the local gateway serves the app and the API
 * from one host, reachable as localhost or 127.0.0.1).
 */
export function isAppOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return false;
  if (env.appOrigins.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * State-changing calls must come from the app's own pages (DESIGN.md §6): browsers always send
 * `Origin` on such requests, so a missing or foreign one is refused.
 */
export function assertSameOrigin(event: APIGatewayProxyEventV2): void {
  const host = header(event, 'host') ?? event.requestContext?.domainName;
  if (!isAppOrigin(header(event, 'origin'), host)) throw forbidden(CROSS_SITE_MESSAGE);
}
