import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '#lib/http/client-address';
import type { HttpRoute } from '#routes';

const TEXT_TYPES =
  /^(text\/|application\/(json|javascript|xml|x-www-form-urlencoded)|[^;]*\+(json|xml))/i;

/**
 * How a request reached the API: through CloudFront, which adds the origin-verify secret (and
 * drops a viewer's own copies of the headers it sets), or sent straight to API Gateway's own
 * address (`execute-api`), headers as the caller wrote them.
 */
export type ApiCaller = { cloudFront: { originVerifySecret: string } } | 'direct';

/** Headers CloudFront sets itself: through it they never come from a client. */
const setByCloudFront = (name: string) =>
  name.startsWith('cloudfront-') || name === ORIGIN_VERIFY_HEADER;

/** API Gateway joins repeated headers with commas and moves cookies to their own list. */
function headersOf(
  req: IncomingMessage,
  caller: ApiCaller,
): {
  headers: Record<string, string>;
  cookies: string[];
} {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || (caller !== 'direct' && setByCloudFront(name))) continue;
    if (name === 'cookie') {
      const all = Array.isArray(value) ? value.join('; ') : value;
      cookies.push(
        ...all
          .split(';')
          .map((part) => part.trim())
          .filter(Boolean),
      );
      continue;
    }
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return { headers, cookies };
}

function queryOf(url: URL): Record<string, string> | undefined {
  // Most API requests (every poll) have no query string: no URLSearchParams to build for them.
  if (url.search.length <= 1) return undefined;
  const search = url.searchParams;
  const query: Record<string, string> = {};
  for (const key of new Set(search.keys())) query[key] = search.getAll(key).join(',');
  return Object.keys(query).length ? query : undefined;
}

/** The client's address as API Gateway reports it (IPv4-mapped addresses as IPv4). */
const remoteAddress = (req: IncomingMessage) =>
  req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';

/**
 * What CloudFront adds to every API request: the viewer's address and port, and the secret
 * origin header that proves the request came through it (functions' client-address.ts).
 */
function cloudFrontHeaders(req: IncomingMessage, caller: ApiCaller): Record<string, string> {
  if (caller === 'direct') return {};
  return {
    [ORIGIN_VERIFY_HEADER]: caller.cloudFront.originVerifySecret,
    'cloudfront-viewer-address': `${remoteAddress(req)}:${req.socket.remotePort ?? 0}`,
  };
}

// `GET /api/…`, built once per route rather than once per request.
const routeKeys = new WeakMap<HttpRoute, string>();
function routeKeyOf(route: HttpRoute): string {
  let key = routeKeys.get(route);
  if (key === undefined) {
    key = `${route.method} ${route.path}`;
    routeKeys.set(route, key);
  }
  return key;
}

/** The API Gateway HTTP API (payload format 2.0) event for one request. */
export function toHttpEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  route: HttpRoute,
  params: Record<string, string>,
  caller: ApiCaller,
): APIGatewayProxyEventV2 {
  const { headers: viewerHeaders, cookies } = headersOf(req, caller);
  const headers: Record<string, string> = {
    ...viewerHeaders,
    ...cloudFrontHeaders(req, caller),
  };
  const now = new Date();
  const routeKey = routeKeyOf(route);
  const sourceIp = remoteAddress(req);
  const isText = TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length ? { cookies } : {}),
    headers,
    queryStringParameters: queryOf(url),
    pathParameters: Object.keys(params).length ? params : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/** Writes a handler's answer the way API Gateway does, including one Set-Cookie per cookie. */
export function writeHttpResult(res: ServerResponse, result: unknown): void {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    // API Gateway's inference for bare results: 200 with the value as JSON.
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(typeof result === 'string' ? result : JSON.stringify(result));
    return;
  }
  const structured = result as APIGatewayProxyStructuredResultV2;
  const status = structured.statusCode ?? 200;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {}))
    headers[name] = String(value);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const text = structured.body ?? '';
  const body = structured.isBase64Encoded ? Buffer.from(text, 'base64') : text;
  // Like API Gateway, a Content-Length rather than chunked framing (a known length costs
  // neither side a chunk parser); none on the statuses that may not carry one (RFC 9110 §8.6).
  if (status !== 204 && status !== 304) headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  res.end(body);
}

export function writeJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const NO_BYTES = Buffer.alloc(0);

/** RFC 9112 §6.3: a request has a body only if it announces a length or a transfer coding. */
function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Reads a request body up to `limit` bytes. Past the limit it stops keeping bytes and reports
 * `tooLarge`, still draining the upload so the client sees the 413 instead of a reset.
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
): Promise<{ body: Buffer; tooLarge: boolean }> {
  // Every poll is a GET without a body: nothing to wait for, and no stream to set flowing for
  // it (Node drains whatever an unread request still holds once the answer is sent).
  if (!announcesBody(req)) return Promise.resolve({ body: NO_BYTES, tooLarge: false });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve({ body: Buffer.concat(chunks), tooLarge }));
    req.on('error', reject);
  });
}
