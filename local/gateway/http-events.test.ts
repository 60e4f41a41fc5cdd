import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { httpRoutes } from '#routes';
import { readBody, toHttpEvent, writeHttpResult, type ApiCaller } from './http-events';

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

/** What `readBody` read of one request sent over a real connection, as the gateway reads it. */
async function bodyRead(
  send: (url: string) => Promise<void>,
): Promise<{ text: string; tooLarge: boolean }> {
  let read: { text: string; tooLarge: boolean } | undefined;
  const server = createServer((req, res) => {
    void readBody(req, 8).then(({ body, tooLarge }) => {
      read = { text: body.toString('utf8'), tooLarge };
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    server.close();
  }
  return read!;
}

const sendRaw = (url: string, method: string, headers: Record<string, string>, chunks: string[]) =>
  new Promise<void>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });

describe('local gateway: reading a request body', () => {
  it('reads a body of a stated length', async () => {
    expect(
      await bodyRead((url) => sendRaw(url, 'POST', { 'content-length': '7' }, ['{"a":1}'])),
    ).toEqual({
      text: '{"a":1}',
      tooLarge: false,
    });
  });

  it('reads a chunked body, which states no length', async () => {
    const read = await bodyRead((url) =>
      sendRaw(url, 'POST', { 'transfer-encoding': 'chunked' }, ['{"a"', ':2}']),
    );
    expect(read).toEqual({ text: '{"a":2}', tooLarge: false });
  });

  it('reports a body past the limit', async () => {
    const read = await bodyRead((url) =>
      sendRaw(url, 'POST', { 'content-length': '10' }, ['0123456789']),
    );
    expect(read.tooLarge).toBe(true);
  });

  it('answers a request without a body, and the connection serves the next one', async () => {
    const reads: string[] = [];
    const read = await bodyRead(async (url) => {
      // One keep-alive connection: a GET whose (absent) body was never read must not stall it.
      const { Agent } = await import('node:http');
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const get = () =>
        new Promise<void>((resolve, reject) => {
          httpRequest(url, { agent }, (res) => {
            reads.push(String(res.statusCode));
            res.resume();
            res.on('end', resolve);
          })
            .on('error', reject)
            .end();
        });
      await get();
      await get();
      agent.destroy();
    });
    expect(read).toEqual({ text: '', tooLarge: false });
    expect(reads).toEqual(['200', '200']);
  });
});
