import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPages } from './prerender/plugin.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The React app. `npx vite build --config web/vite.config.ts` writes `web/dist` with
 * `.vite/manifest.json`: every page module of `src/app/route-table.ts` is its own chunk, keyed in
 * the manifest as `src/{page}` (see docs/web.md).
 */
const resolve = {
  alias: {
    '@shared': fileURLToPath(new URL('../shared/src', import.meta.url)),
    '@web': fileURLToPath(new URL('./src', import.meta.url)),
  },
};

export default defineConfig({
  root: webRoot,
  // After the client build, the route table's `prerender` pages are rendered to HTML
  // (web/prerender/), and Vite's index.html is kept as app.html, the shell of the other routes.
  plugins: [react(), tailwindcss(), prerenderPages({ root: webRoot, resolve })],
  resolve,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Every browser that runs ES2022 supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    // Issue 29 item 6: a page fetched up to 53 scripts, most of them shared modules of a few
    // hundred bytes (an icon, a contract) that CloudFront sends uncompressed (it compresses only
    // objects of 1,000 bytes and more) and that gzip cannot compress across. So a common chunk
    // under 30,000 source bytes is inlined into each chunk that imports it (a page now fetches 4
    // to 8 scripts; docs/performance.md). Inlining copies a module into each importer, so
    // TanStack's query core, which the query layout and the pages' hooks all import, is one chunk
    // of its own instead (inlined, it was in the layout and again in a page). Inlining needs the
    // entry's export signature free (Rolldown: preserveEntrySignatures false).
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [{ name: 'query-core', test: /node_modules[\\/]@tanstack[\\/]query-core[\\/]/ }],
          experimentalInlineCommonChunks: { maxSize: 30000 },
        },
      },
    },
  },
});
