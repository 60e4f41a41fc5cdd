import { StrictMode, type ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { App } from '@web/app/App';
import { buildRoutes } from '@web/app/router';

// Imported as the router imports it (dynamically), so the bundler keeps one way in.
const { default: QueryLayout } = await import('@web/app/QueryLayout');

const pageModules = import.meta.glob<ComponentType>(
  ['../src/features/*/pages/*.tsx', '!../src/features/*/pages/*.test.tsx'],
  { eager: true, import: 'default' },
);

/**
 * The app's routes with every page loaded: nothing suspends, so each Suspense boundary is
 * complete in the HTML. (A boundary that suspended would be sent as a hidden copy plus an inline
 * script to reveal it, which the site's CSP forbids.) The HTML is the same the lazy routes
 * render once their page has loaded, which is what hydration expects.
 */
const routes = buildRoutes((page) => {
  const Page = pageModules[`../src/${page}`];
  if (!Page) throw new Error(`Route table names a page module that does not exist: ${page}`);
  return Page;
}, QueryLayout);

/** The HTML of `#root` for the app at `path`: the same tree `main.tsx` hydrates. */
export async function renderPage(path: string): Promise<string> {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App history={history} routes={routes} />
    </StrictMode>,
    // React outlines a large finished Suspense boundary (a hidden copy and an inline script that
    // reveals it, for streaming); a static page wants it in place, and the CSP allows no inline
    // script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
