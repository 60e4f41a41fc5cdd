import { runInNewContext } from 'node:vm';
import { redirectTable, routeTable } from '../src/app/route-table.ts';

/**
 * Which file of the built site (`web/dist`) answers a path: the one rule CloudFront (a viewer
 * request function, `infra/lib/site.ts`) and the local gateway (`local/gateway/static-site.ts`)
 * both run, generated from the route table.
 *
 * - a path whose last segment has a dot is a file, served as it is;
 * - a prerendered route gets its page (`/` → `/index.html`, `/payment-cancelled` →
 *   `/payment-cancelled.html`);
 * - any other route of the app gets the app shell, `/app.html`, which renders in the browser;
 * - a path no route matches gets the prerendered not-found page, `/404.html` (status 200, as a
 *   viewer-request rewrite answers; the page says 404).
 */

/** The app shell for routes that are not prerendered (Vite's `index.html` before prerendering). */
export const APP_SHELL_FILE = '/app.html';
/** The prerendered page of the `*` route. */
export const NOT_FOUND_FILE = '/404.html';

/** The file a prerendered route's HTML is written to. */
export function prerenderedFile(routePath: string): string {
  if (routePath === '*') return NOT_FOUND_FILE;
  return routePath === '/' ? '/index.html' : `${routePath}.html`;
}

const prerenderedRoutes = routeTable.filter((route) => 'prerender' in route && route.prerender);

/** Path → file of the prerendered routes with a path (`*` is the fallback below). */
const prerenderedByPath: Record<string, string> = Object.fromEntries(
  prerenderedRoutes
    .filter((route) => route.path !== '*')
    .map((route) => [route.path, prerenderedFile(route.path)]),
);

/**
 * A route path as React Router matches it: a `:param` is one non-empty segment, a trailing
 * slash is allowed, letters match in either case.
 */
function routePattern(routePath: string): string {
  const segments = routePath
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return `^${segments.join('\\/')}\\/?$`;
}

// Prerendered routes too: `/payment-cancelled/` or `/Payment-Cancelled` is that page in the app,
// rendered in the browser from the shell (the prerendered file is for the exact path only).
const appRoutePatterns = [...routeTable, ...redirectTable]
  .filter((route) => route.path !== '*')
  .map((route) => routePattern(route.path));

/** The rule as the body of CloudFront's `handler(event)` (cloudfront-js-2.0, ES5 plus a bit). */
export function siteRewriteCode(): string {
  return `var prerendered = ${JSON.stringify(prerenderedByPath)};
var appRoutes = [${appRoutePatterns.map((pattern) => `/${pattern}/i`).join(', ')}];
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return request;
  if (Object.prototype.hasOwnProperty.call(prerendered, uri)) {
    request.uri = prerendered[uri];
    return request;
  }
  for (var i = 0; i < appRoutes.length; i++) {
    if (appRoutes[i].test(uri)) {
      request.uri = ${JSON.stringify(APP_SHELL_FILE)};
      return request;
    }
  }
  request.uri = ${JSON.stringify(NOT_FOUND_FILE)};
  return request;
}`;
}

type Handler = (event: { request: { uri: string } }) => { uri: string };

let compiled: Handler | undefined;

/**
 * The file for `pathname` by running {@link siteRewriteCode} itself, so the local gateway and
 * the tests exercise exactly the code CloudFront runs.
 */
export function siteFileFor(pathname: string): string {
  compiled ??= runInNewContext(`${siteRewriteCode()}\nhandler`) as Handler;
  return compiled({ request: { uri: pathname } }).uri;
}

/** The routes the build prerenders, with the path each is rendered at and its file. */
export function prerenderTargets(): { route: string; renderAt: string; file: string }[] {
  return prerenderedRoutes.map((route) => ({
    route: route.path,
    // Any path no route matches renders the `*` page; this one is only used at build time.
    renderAt: route.path === '*' ? '/404' : route.path,
    file: prerenderedFile(route.path),
  }));
}
