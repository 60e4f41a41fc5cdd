import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { httpRoutes } from '../../functions/src/routes';
import { toHttpEvent } from './http-events';

/** A request as node:http delivers it, from `remoteAddress:remotePort`. */
function request(headers: Record<string, string>): IncomingMessage {
  return {
    headers,
    httpVersion: '1.1',
    socket: { remoteAddress: '::ffff:127.0.0.1', remotePort: 51000 },
  } as unknown as IncomingMessage;
}

const event = (headers: Record<string, string>, secret?: string) =>
  toHttpEvent(
    request({ host: 'localhost:3000', ...headers }),
    new URL('http://localhost:3000/api/patients'),
    Buffer.alloc(0),
    httpRoutes.createPatient,
    {},
    secret,
  );

describe('local gateway: what CloudFront adds', () => {
  it('drops the CloudFront headers and the origin-verify header a client sends', () => {
    const spoofed = {
      'cloudfront-viewer-address': '198.51.100.7:1234',
      'x-origin-verify': 'guessed',
    };
    const { headers } = event(spoofed);
    expect(headers['cloudfront-viewer-address']).toBeUndefined();
    expect(headers['x-origin-verify']).toBeUndefined();
  });

  it('adds the origin-verify secret and the real viewer address, as the distribution does', () => {
    const spoofed = {
      'cloudfront-viewer-address': '198.51.100.7:1234',
      'x-origin-verify': 'guessed',
    };
    const { headers, requestContext } = event(spoofed, 'local-secret');
    expect(headers['x-origin-verify']).toBe('local-secret');
    expect(headers['cloudfront-viewer-address']).toBe('127.0.0.1:51000');
    expect(requestContext.http.sourceIp).toBe('127.0.0.1');
  });
});
