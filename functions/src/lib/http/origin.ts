import { env } from '#core/env';
import { forbidden } from '#core/errors';
import { header } from './request';

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

type RequestHeaders = { headers?: Record<string, string | undefined> };

/** Methods that never change state (RFC 9110 safe methods that browsers send cross-site freely). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request comes from the app's own pages: its `Origin` is one of the configured app
 * origins, or the host the request was sent to (the local gateway serves the app and the API
 * from one host, reachable as localhost or 127.0.0.1).
 */
export function isAppOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return false;
  if (env.appOrigins.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * The cross-origin rule for a request that changes state, as Go 1.25's
 * `net/http.CrossOriginProtection` decides it (docs/adr/0005-cross-origin-rule.md):
 * - `Sec-Fetch-Site` (every current browser sends it) decides when present: `same-origin` and
 *   `none` (typed in the address bar, a bookmark) pass, anything else (`cross-site`,
 *   `same-site`) is refused unless `Origin` is one of the configured app origins (Go's
 *   trusted origins);
 * - without it, an `Origin` that is present must be the app's (older browsers);
 * - a request with neither header did not come from a browser (a script, a partner's server,
 *   a mobile app): it cannot be a forged cross-site request, so it passes.
 * Empty headers count as absent, as in Go.
 */
export function isCrossOriginAllowed(event: RequestHeaders, host: string | undefined): boolean {
  const origin = header(event, 'origin') || undefined;
  const fetchSite = header(event, 'sec-fetch-site')?.trim().toLowerCase();
  if (fetchSite) {
    if (fetchSite === 'same-origin' || fetchSite === 'none') return true;
    return origin !== undefined && env.appOrigins.includes(origin);
  }
  if (origin === undefined) return true;
  return isAppOrigin(origin, host);
}

/** The host the request was sent to, as `Origin` would name it. */
export function requestHost(event: {
  headers?: Record<string, string | undefined>;
  requestContext?: { domainName?: string };
}): string | undefined {
  return header(event, 'host') ?? event.requestContext?.domainName;
}

/** Refuses a cross-site state change (DESIGN.md §6) with 403; safe methods always pass. */
export function assertSameOrigin(event: {
  headers?: Record<string, string | undefined>;
  requestContext: { domainName?: string; http: { method: string } };
}): void {
  if (SAFE_METHODS.has(event.requestContext.http.method.toUpperCase())) return;
  if (!isCrossOriginAllowed(event, requestHost(event))) {
    throw forbidden(CROSS_SITE_MESSAGE);
  }
}

/**
 * The origin of the app page that sent this request, when it is one of the app's (a configured
 * origin, or the host the request came to): `Origin`, or for a same-origin GET, which carries
 * none, the origin of its `Referer` (the site sends it within the origin: `same-origin` policy).
 * Join links are put on it, so a person using the app at another of its addresses (127.0.0.1,
 * a LAN address, the CloudFront domain beside a custom one) stays where their session is.
 */
export function pageOrigin(event: {
  headers?: Record<string, string | undefined>;
  requestContext?: { domainName?: string };
}): string | undefined {
  let origin = header(event, 'origin') || undefined;
  if (!origin) {
    // Checked rather than caught: a thrown parse error (a request with no Referer at all, as a
    // script's poll) cost more than the rest of the status route's own code (issue 29 item 4).
    const referer = header(event, 'referer');
    if (!referer || !URL.canParse(referer)) return undefined;
    origin = new URL(referer).origin;
  }
  return isAppOrigin(origin, requestHost(event)) ? origin : undefined;
}

/**
 * A stored join link moved onto the origin of the page that asks for it (`pageOrigin`): links are
 * written once, on the configured base URL, and the session cookie belongs to the host the person
 * is using (issue 27 item 5). Here, not beside the room links' signing: the status, details and video-access
 * handlers move links but hold no room secret. Without a known page origin the link stays as stored.
 */
export function linkOnOrigin<Link extends string | null>(
  link: Link,
  origin: string | undefined,
): Link {
  if (link === null || !origin) return link;
  const url = new URL(link, env.appBaseUrl);
  const target = new URL(origin);
  url.protocol = target.protocol;
  url.host = target.host;
  return url.href as Link;
}
