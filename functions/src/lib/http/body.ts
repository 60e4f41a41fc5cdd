import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { HttpRoute } from '#routes';
import { sessionCookieToken } from '../auth/cookies';
import { HttpError, badRequest } from '#core/errors';
import { header } from './request';

/** The raw request body as bytes, after API Gateway's base64 encoding is undone. */
export function rawBody(event: APIGatewayProxyEventV2): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded
    ? Buffer.from(event.body, 'base64')
    : Buffer.from(event.body, 'utf8');
}

function mediaType(event: APIGatewayProxyEventV2): string {
  return (header(event, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Whether a JSON route may be called with no body and no JSON content type (issue 25, review L3).
 * A content type that names something else is refused, body or not: an HTML form always sends
 * one (urlencoded, multipart or text/plain). No content type at all is a script client's call
 * (`curl -X POST`, Bearer token), unless it carries the session cookie: ambient credentials that
 * a browser adds by itself, so such a call must prove it was built by script with the JSON type
 * (the app's fetchers always send it on unsafe calls, web/src/lib/api.ts).
 */
function emptyBodyAllowed(event: APIGatewayProxyEventV2): boolean {
  if (header(event, 'content-type') !== undefined) return false;
  return sessionCookieToken(event) === undefined;
}

export type ParsedBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'multipart'; bytes: Buffer; contentType: string }
  | { kind: 'raw'; text: string };

/**
 * Enforces the route's body contract: size cap (413), media type (415), well-formed JSON (400).
 * The caps come from the route manifest, so a route's limit is declared once.
 */
export function parseBody(
  route: Pick<HttpRoute, 'body' | 'maxBodyBytes'>,
  event: APIGatewayProxyEventV2,
): ParsedBody {
  const bytes = rawBody(event);
  if (bytes.length > route.maxBodyBytes && route.body !== 'none') {
    throw new HttpError(413, 'Request body is too large');
  }
  switch (route.body) {
    case 'none':
      return { kind: 'none' };
    case 'raw':
      return { kind: 'raw', text: bytes.toString('utf8') };
    case 'multipart': {
      const type = mediaType(event);
      if (type !== 'multipart/form-data') {
        throw new HttpError(415, 'Content-Type must be multipart/form-data');
      }
      return { kind: 'multipart', bytes, contentType: header(event, 'content-type') ?? '' };
    }
    case 'json': {
      if (bytes.length === 0 && emptyBodyAllowed(event)) return { kind: 'json', value: {} };
      if (mediaType(event) !== 'application/json') {
        throw new HttpError(415, 'Content-Type must be application/json');
      }
      if (bytes.length === 0) return { kind: 'json', value: {} };
      try {
        return { kind: 'json', value: JSON.parse(bytes.toString('utf8')) as unknown };
      } catch {
        throw badRequest('Request body is not valid JSON');
      }
    }
  }
}
