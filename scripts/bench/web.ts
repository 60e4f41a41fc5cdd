import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routeTable } from '../../web/src/app/route-table';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export interface RouteWeight {
  path: string;
  firstLoadJsGzip: number;
  pageWeightGzip: number;
}

const distDir = path.resolve('web/dist');

/**
 * First-load weight of each route in the built app: the entry chunk, the route's lazily loaded
 * page chunk and every chunk they import statically, gzip-compressed as CloudFront serves them;
 * page weight adds index.html and the CSS. Chunks loaded later (on a click) are not counted.
 */
export function measureWebRoutes(): RouteWeight[] {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const gzipSize = (file: string) => gzipSync(readFileSync(path.join(distDir, file))).length;

  const collect = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) collect(imported, seen);
  };
  const htmlGzip = gzipSize('index.html');

  return routeTable.map(({ path: routePath, page }) => {
    const chunks = new Set<string>();
    collect('index.html', chunks);
    const pageKey = `src/${page}`;
    if (!manifest[pageKey]) throw new Error(`No built chunk for ${page}: rebuild the web app`);
    collect(pageKey, chunks);
    const js = [...chunks].map((key) => manifest[key]!.file);
    const css = [...new Set([...chunks].flatMap((key) => manifest[key]!.css ?? []))];
    const jsGzip = js.reduce((sum, file) => sum + gzipSize(file), 0);
    const cssGzip = css.reduce((sum, file) => sum + gzipSize(file), 0);
    return {
      path: routePath,
      firstLoadJsGzip: jsGzip,
      pageWeightGzip: jsGzip + cssGzip + htmlGzip,
    };
  });
}
