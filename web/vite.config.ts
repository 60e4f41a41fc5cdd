import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The React app. `npx vite build --config web/vite.config.ts` writes `web/dist` with
 * `.vite/manifest.json`: every page module of `src/app/route-table.ts` is its own chunk, keyed in
 * the manifest as `src/{page}` (see docs/web.md).
 */
export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('../shared/src', import.meta.url)),
      '@web': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Every browser that runs ES2022 supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
  },
});
