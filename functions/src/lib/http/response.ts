import { apiSecurityHeaders } from './security-headers';
import type { HttpResponse } from './types';

/** Every answer of the API, success or error: JSON, security headers and the request id. */
export function jsonResponse(
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
