import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { APP_SHELL_FILE, siteFileFor } from '../../web/prerender/site-files';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The types CloudFront compresses (text); images and fonts are compressed already. */
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with, as CloudFront chooses it: brotli when the browser accepts it,
 * else gzip, else none. (An `accept-encoding` entry with `q=0` refuses that encoding.)
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry && !/;\s*q=0(\.0*)?$/.test(entry))
      .map((entry) => entry.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Compressed files, computed once per file version: the build's files do not change while the
 * gateway runs, except when `npm run build` writes new ones (a new mtime, a new entry).
 */
const compressed = new Map<string, Buffer>();

function compressedFile(file: string, encoding: Encoding): Buffer {
  const key = `${encoding} ${statSync(file).mtimeMs} ${file}`;
  let body = compressed.get(key);
  if (!body) {
    const raw = readFileSync(file);
    body =
      encoding === 'br'
        ? // Quality 9: nearly the size of 11 at a fraction of the time, once per file.
          brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(raw, { level: 9 });
    compressed.set(key, body);
  }
  return body;
}

const NOT_BUILT = 'The web app is not built yet. Run `npm run build` (npm start does it for you).';

/**
 * Serves the built React app like the CloudFront + S3 site: each path gets the file CloudFront's
 * viewer-request function picks (`siteFileFor`, the same code: a prerendered page, the app shell
 * `app.html` for the other routes, the prerendered `404.html` for paths no route matches),
 * hashed assets cached for a year and everything else `no-cache`, with the site's headers, and
 * text compressed with brotli or gzip as the browser accepts (CloudFront's `compress: true`).
 */
export function createStaticSite(root: string, headers: Record<string, string>) {
  const resolvedRoot = path.resolve(root);

  return (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    // Checked per request: API-only test stacks run without a build.
    if (!existsSync(path.join(resolvedRoot, APP_SHELL_FILE))) {
      res
        .writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...headers })
        .end(NOT_BUILT);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', ...headers }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/';
    }
    const sitePath = siteFileFor(pathname);
    const file = path.resolve(resolvedRoot, `.${sitePath}`);
    // Dot folders (Vite's `.vite/manifest.json`) are build metadata, not part of the site.
    const hidden = sitePath.split('/').some((segment) => segment.startsWith('.'));
    const inside = !hidden && file.startsWith(resolvedRoot + path.sep);
    if (!inside || !existsSync(file) || !statSync(file).isFile()) {
      // What S3 answers for a missing object (CloudFront passes it on).
      res.writeHead(404, { 'content-type': 'text/plain', ...headers }).end('Not found');
      return;
    }
    const immutable = sitePath.startsWith('/assets/');
    const extension = path.extname(file);
    const encoding = compressible.has(extension)
      ? chooseEncoding(req.headers['accept-encoding'])
      : null;
    const body = encoding ? compressedFile(file, encoding) : null;
    res.writeHead(200, {
      'content-type': contentTypes[extension] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(compressible.has(extension) ? { vary: 'accept-encoding' } : {}),
      ...(encoding && body
        ? { 'content-encoding': encoding, 'content-length': String(body.length) }
        : {}),
      ...headers,
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (body) res.end(body);
    else createReadStream(file).pipe(res);
  };
}
