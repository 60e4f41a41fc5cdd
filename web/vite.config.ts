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
    // objects of 1,000 bytes and more) and that gzip cannot compress across. Rolldown inlines a
    // common chunk under 30,000 source bytes into the chunks that import it: a page now fetches
    // 4 to 9 scripts and 2 to 8 KB fewer gzip bytes (docs/performance.md). A module may then be
    // in more than one chunk; only code a page runs at mount is duplicated in what it fetches,
    // and the count above is of what it fetches. It needs the entry's export signature free.
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 30000 } },
      },
    },
  },
});
