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
  },
});
