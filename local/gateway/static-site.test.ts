import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, createStaticSite } from './static-site';

/** A made-up build: the app shell, the prerendered pages, a hashed script and an image. */
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let root: string;
let server: Server;
let port: number;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request (fetch would decompress on its own and hide what was sent). */
function get(pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ port, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'static-site-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'app.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>landing</title>');
  writeFileSync(
    path.join(root, 'payment-cancelled.html'),
    '<!doctype html><title>cancelled</title>',
  );
  writeFileSync(path.join(root, '404.html'), '<!doctype html><title>not found</title>');
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(root, 'assets', 'logo-abc123.png'), png);
  const site = createStaticSite(root, { 'x-frame-options': 'DENY' });
  server = createServer((req, res) => site(req, res, new URL(req.url ?? '/', 'http://local')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, as CloudFront does', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
  });

  it('sends nothing compressed to a client that accepts none, or refuses one with q=0', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.0, gzip;q=0')).toBeNull();
  });
});

describe('the local site compresses text like CloudFront', () => {
  it('answers a hashed script in brotli to a browser that accepts it, immutable', async () => {
    const answer = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('accept-encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
    expect(answer.body.length).toBeLessThan(script.length / 10);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
  });

  it('answers gzip to a client without brotli, and the app shell for client routes', async () => {
    const answer = await get('/visit/some-case', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(answer.body).toString()).toContain('<title>app</title>');
  });

  it.each([
    ['/', 'landing'],
    ['/payment-cancelled', 'cancelled'],
    ['/payment-cancelled?case_id=c1', 'cancelled'],
    ['/no-such-page', 'not found'],
    ['/visit/a/b', 'not found'],
    ['/admin', 'app'],
    ['/visit', 'app'],
  ])('answers %s with the %s page, no-cache', async (pathname, title) => {
    const answer = await get(pathname);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body.toString()).toContain(`<title>${title}</title>`);
  });

  it('answers a missing asset or hidden build metadata with 404, not a page', async () => {
    expect((await get('/assets/gone-123.js')).status).toBe(404);
    expect((await get('/.vite/manifest.json')).status).toBe(404);
  });

  it('answers the file as it is to a client that accepts no encoding', async () => {
    const answer = await get('/assets/index-abc123.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(script);
  });

  it('does not compress images again', async () => {
    const answer = await get('/assets/logo-abc123.png', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.body.equals(png)).toBe(true);
  });

  it('answers HEAD with the headers of the compressed answer and no body', async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          port,
          path: '/assets/index-abc123.js',
          method: 'HEAD',
          headers: { 'accept-encoding': 'br' },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
  });
});
