import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routeTable, type PageRoute } from '../../web/src/app/route-table';
import { siteFileFor } from '../../web/prerender/site-files';

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

/** The lazily loaded layout that mounts the query provider around the pages that fetch. */
const QUERY_LAYOUT_KEY = 'src/app/QueryLayout.tsx';

/**
 * First-load weight of each route in the built app: the entry chunk, the route's lazily loaded
 * page chunk, the query layout's chunk for a page that fetches (the router loads it with the
 * page), and every chunk they import statically, gzip-compressed as CloudFront serves them;
 * page weight adds the route's HTML (its prerendered page, else the app shell) and the CSS.
 * Chunks loaded later (on a click, with a first lookup) are not counted.
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
  const pages: readonly PageRoute[] = routeTable;
  return pages.map(({ path: routePath, page, withoutQueries }) => {
    const chunks = new Set<string>();
    collect('index.html', chunks);
    const pageKey = `src/${page}`;
    if (!manifest[pageKey]) throw new Error(`No built chunk for ${page}: rebuild the web app`);
    collect(pageKey, chunks);
    if (!withoutQueries) collect(QUERY_LAYOUT_KEY, chunks);
    // The HTML the site answers for this route (a path of it, for `:param` and `*`).
    const sample = routePath === '*' ? '/no-such-page' : routePath.replace(/:[^/]+/g, 'x');
    const htmlGzip = gzipSize(siteFileFor(sample).slice(1));
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
