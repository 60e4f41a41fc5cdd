import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type UserConfig } from 'vite';
import { routeTable } from '../src/app/route-table.ts';
import { PRERENDERED_ROUTE_ATTRIBUTE } from '../src/app/prerendered.ts';
import { APP_SHELL_FILE, prerenderTargets } from './site-files.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunks a page needs beyond the entry: its own and what it imports, without the entry's. */
function pageChunks(manifest: Manifest, page: string): string[] {
  const entry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) walk(imported, into);
  };
  walk('index.html', entry);
  const chunks = new Set<string>();
  walk(`src/${page}`, chunks);
  return [...chunks].filter((key) => !entry.has(key)).map((key) => manifest[key]!.file);
}

const SITE_NAME = 'TeleHealth';

/**
 * One page of the site: the app shell with the rendered page in `#root` (marked with the route,
 * for `canHydrate`), its chunks preloaded beside the entry's, and its title. Every page's title
 * is its `h1` (`useDocumentTitle`, checked for every route by the router tests), which is what
 * the page sets once it runs.
 */
export function pageHtml(
  shell: string,
  { route, html, preload }: { route: string; html: string; preload: string[] },
): string {
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();
  if (!heading) throw new Error(`The prerendered page of ${route} has no h1`);
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error(`The app shell has no ${root}`);
  const links = preload
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${heading} | ${SITE_NAME}</title>`)
    .replace('</head>', `  ${links}\n  </head>`)
    .replace(root, `<div id="root" ${PRERENDERED_ROUTE_ATTRIBUTE}="${route}">${html}</div>`);
}

/**
 * Renders the route table's `prerender` pages to HTML after the client build: a server build of
 * `render.tsx` (same aliases, same page modules) renders each page, and its HTML goes into a copy
 * of Vite's `index.html`. That shell itself is kept as `app.html` for the other routes
 * (`site-files.ts` says which file answers which path).
 */
export function prerenderPages(config: Pick<UserConfig, 'root' | 'resolve'>): Plugin {
  let outDir = '';
  let writes = true;
  return {
    name: 'telehealth:prerender',
    apply: 'build',
    configResolved(resolved) {
      outDir = path.resolve(resolved.root, resolved.build.outDir);
      // A build kept in memory (the bundle test) leaves no shell to fill.
      writes = resolved.build.write;
    },
    async closeBundle() {
      if (!writes) return;
      // Inside the site's build metadata (never served, never deployed) rather than a temporary
      // folder: the server build leaves react and the router to node_modules, found from here.
      const serverDir = path.join(outDir, '.vite', 'prerender');
      try {
        await build({
          configFile: false,
          root: config.root,
          resolve: config.resolve,
          plugins: [react()],
          logLevel: 'warn',
          build: {
            ssr: path.join(import.meta.dirname, 'render.tsx'),
            outDir: serverDir,
            emptyOutDir: true,
            target: 'node20',
          },
        });
        const { renderPage } = (await import(
          pathToFileURL(path.join(serverDir, 'render.js')).href
        )) as { renderPage: (path: string) => Promise<string> };

        const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(
          readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
        ) as Manifest;
        writeFileSync(path.join(outDir, APP_SHELL_FILE), shell);
        for (const { route, renderAt, file } of prerenderTargets()) {
          const page = routeTable.find((entry) => entry.path === route)!.page;
          const html = await renderPage(renderAt);
          const preload = pageChunks(manifest, page);
          writeFileSync(path.join(outDir, file), pageHtml(shell, { route, html, preload }));
        }
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
