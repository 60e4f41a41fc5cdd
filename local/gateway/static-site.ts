import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

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

const NOT_BUILT = 'The web app is not built yet. Run `npm run build` (npm start does it for you).';

/**
 * Serves the built React app like the CloudFront + S3 site: hashed assets cached for a year,
 * everything else falls back to index.html (client-side routes), with the site's headers.
 */
export function createStaticSite(root: string, headers: Record<string, string>) {
  const resolvedRoot = path.resolve(root);

  return (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    // Checked per request: API-only test stacks run without a build.
    if (!existsSync(path.join(resolvedRoot, 'index.html'))) {
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
    let file = path.resolve(resolvedRoot, `.${pathname}`);
    // Dot folders (Vite's `.vite/manifest.json`) are build metadata, not part of the site.
    const hidden = pathname.split('/').some((segment) => segment.startsWith('.'));
    const inside = !hidden && file.startsWith(resolvedRoot + path.sep);
    const isFile = inside && existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      // Missing assets are real 404s; any other path is a client-side route.
      if (pathname.startsWith('/assets/')) {
        res.writeHead(404, { 'content-type': 'text/plain', ...headers }).end('Not found');
        return;
      }
      file = path.join(resolvedRoot, 'index.html');
    }
    const immutable = pathname.startsWith('/assets/') && isFile;
    res.writeHead(200, {
      'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...headers,
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  };
}
