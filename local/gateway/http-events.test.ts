import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { httpRoutes } from '../../functions/src/routes';
import { toHttpEvent, writeHttpResult, type ApiCaller } from './http-events';

/** A request as node:http delivers it, from `remoteAddress:remotePort`. */
function request(headers: Record<string, string>): IncomingMessage {
  return {
    headers,
    httpVersion: '1.1',
    socket: { remoteAddress: '::ffff:127.0.0.1', remotePort: 51000 },
  } as unknown as IncomingMessage;
}

const event = (headers: Record<string, string>, caller: ApiCaller) =>
  toHttpEvent(
    request({ host: 'localhost:3000', ...headers }),
    new URL('http://localhost:3000/api/patients'),
    Buffer.alloc(0),
    httpRoutes.createPatient,
    {},
    caller,
  );

const spoofed = {
  'cloudfront-viewer-address': '198.51.100.7:1234',
  'x-origin-verify': 'guessed',
};

describe('local gateway: what CloudFront adds', () => {
  it('passes a direct call’s headers as sent, spoofed ones included (the authorizer refuses it)', () => {
    const { headers } = event(spoofed, 'direct');
    expect(headers['cloudfront-viewer-address']).toBe('198.51.100.7:1234');
    expect(headers['x-origin-verify']).toBe('guessed');
  });

  it('replaces the origin-verify secret and the viewer address a client sends, as the distribution does', () => {
    const { headers, requestContext } = event(spoofed, {
      cloudFront: { originVerifySecret: 'local-secret' },
    });
    expect(headers['x-origin-verify']).toBe('local-secret');
    expect(headers['cloudfront-viewer-address']).toBe('127.0.0.1:51000');
    expect(requestContext.http.sourceIp).toBe('127.0.0.1');
  });
});

/** What a handler's answer becomes on the wire: the status, headers and body written. */
function written(result: unknown) {
  const out: { status?: number; headers?: Record<string, unknown>; body?: unknown } = {};
  const res = {
    writeHead: (status: number, headers: Record<string, unknown>) =>
      Object.assign(out, { status, headers }),
    end: (body: unknown) => Object.assign(out, { body }),
  } as unknown as ServerResponse;
  writeHttpResult(res, result);
  return out;
}

describe('local gateway: writing a handler answer', () => {
  it('sends the length of the body, like API Gateway, not chunked framing', () => {
    const answer = written({ statusCode: 200, headers: { 'x-a': 'b' }, body: '{"name":"Zoë"}' });
    expect(answer.status).toBe(200);
    // Bytes, not characters: the ë is two bytes in UTF-8.
    expect(answer.headers).toEqual({ 'x-a': 'b', 'content-length': '15' });
    expect(answer.body).toBe('{"name":"Zoë"}');
  });

  it('decodes a base64 body and counts its bytes', () => {
    const answer = written({ statusCode: 200, body: 'AAEC', isBase64Encoded: true });
    expect(answer.headers?.['content-length']).toBe('3');
    expect(Buffer.from(answer.body as Buffer)).toEqual(Buffer.from([0, 1, 2]));
  });

  it('sends no length on a 204, whose answer never has a body', () => {
    const answer = written({ statusCode: 204, body: '' });
    expect(answer.headers).not.toHaveProperty('content-length');
  });
});
