import type { Browser, Locator, Page, Request } from 'playwright-core';
import { holdPatientKey, launchBrowser, newPage, signInContext } from '../../e2e/browser';
import { newCaseId, newPaidCaseId, newPatientB } from '#local/testing/patient-journey';
import { apply, signInAdmin, signInProvider } from '#local/testing/provider-journey';
import { claimCase, joinLinks, startTimer } from '#local/testing/consultation-journey';
import type { TestStack } from '#local/testing/global-setup';
import { routeTable, type AppPath } from '../../web/src/app/route-table';
import { ADMIN_ID_KEY, ADMIN_TOKEN_KEY } from '../../web/src/features/admin/api/session';
import {
  CURRENT_PROVIDER_KEY,
  PROVIDER_AUTH_KEY,
} from '../../web/src/features/provider-dashboard/api/session';

/**
 * Issue 29 item 6: what a phone downloads, counted as the browser counts it. Every route of the
 * route table is opened in Chromium (a fresh context: nothing cached, as on a first visit), in
 * the state a patient, doctor or administrator meets it in (a real paid case for the visit page,
 * the patient's key where the page needs it, a started meeting for the room, a signed-in doctor
 * and administrator), served by the local gateway from `web/dist`. Every JavaScript response
 * the page fetches until the network is idle counts: the entry and the page's chunks, and the
 * chunks it fetches as it mounts (a lazily loaded panel shown without any interaction, the
 * deferred toaster) that the module-graph count of `web.ts` cannot see. Bytes are the gzip body
 * bytes on the wire: the browser asks for gzip only, and the gateway compresses as CloudFront does
 * (`local/gateway/static-site.ts`, level 9; CloudFront's own level is not documented), except
 * that a script under 1,000 bytes counts whole: CloudFront serves it uncompressed.
 */

/** What the pages need that a first visit does not create: made through the product's own API. */
export interface PageState {
  /** A case waiting for payment (payment choice, card payment, processing). */
  unpaidCaseId: string;
  /** A paid case waiting for a doctor (visit, success, feedback). */
  paidCaseId: string;
  /** A reading B patient (the video access page after payment verification). */
  patientId: string;
  /** A doctor's application, for its status page. */
  applicationId: string;
  /** The patient's join link of a started meeting (its case claimed, its timer started). */
  patientJoinUrl: string;
  /** That meeting's case (the room page sends its patient key). */
  roomCaseId: string;
  /** A signed-in doctor: the session cookie (`name=value`) and the dashboard's stored display data. */
  provider: { cookie: string; id: string; name: string };
  /** A signed-in administrator: the panel's stored token and id, and the session cookie. */
  admin: { token: string; adminId: string; cookie: string };
}

/** How to open one route: its address, the browser state to set first, and when it has shown. */
export interface PageVisit {
  /** Path and query (and fragment) below the site's origin. */
  readonly url: string;
  /** Ids whose patient key the browser holds (docs/adr/0012), as after the intake. */
  readonly patientKeysFor?: readonly string[];
  readonly signedIn?: 'provider' | 'admin';
  /** Fake camera and microphone: the page asks for them at mount. */
  readonly media?: true;
  /** What shows once the page is in that state; counting goes on until the network is idle. */
  readonly shown: (page: Page) => Locator;
}

/** The route of the route table a path opens (`*` for a path no other route matches). */
export function routeOf(pathname: string): AppPath {
  const matches = (pattern: string) =>
    new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`).test(pathname);
  return routeTable.find((route) => route.path !== '*' && matches(route.path))?.path ?? '*';
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name });

/**
 * One visit per route of the route table, keyed by its path (a missing route fails the type
 * check, and `browser-weight.test.ts` checks each address opens its own route).
 */
export function pageVisits(state: PageState): Record<AppPath, PageVisit> {
  const patientCase = [state.paidCaseId];
  const room = new URL(state.patientJoinUrl);
  return {
    '/': { url: '/', shown: heading('Get Healthcare Help Right Now') },
    '/patient-telehealth': { url: '/patient-telehealth', shown: heading(/./) },
    '/patient': { url: '/patient', shown: heading(/./) },
    '/payment-choice': {
      url: `/payment-choice?case_id=${state.unpaidCaseId}`,
      patientKeysFor: [state.unpaidCaseId],
      shown: heading(/./),
    },
    '/stripe-payment': {
      url: `/stripe-payment?case_id=${state.unpaidCaseId}`,
      patientKeysFor: [state.unpaidCaseId],
      shown: heading(/./),
    },
    // Back from the card form before the webhook marked the case paid.
    '/payment-processing': {
      url: `/payment-processing?case_id=${state.unpaidCaseId}`,
      patientKeysFor: [state.unpaidCaseId],
      shown: heading('Processing Payment'),
    },
    '/payment-success': {
      url: `/payment-success?case_id=${state.paidCaseId}`,
      patientKeysFor: patientCase,
      shown: heading(/./),
    },
    '/payment-cancelled': {
      url: `/payment-cancelled?case_id=${state.unpaidCaseId}`,
      patientKeysFor: [state.unpaidCaseId],
      shown: heading('Payment Cancelled'),
    },
    '/visit/:caseId': {
      url: `/visit/${state.paidCaseId}`,
      patientKeysFor: patientCase,
      media: true,
      shown: (page) => page.getByTestId('queue-place'),
    },
    '/feedback/:caseId': {
      url: `/feedback/${state.paidCaseId}`,
      patientKeysFor: patientCase,
      shown: heading(/./),
    },
    '/video-access': {
      url: `/video-access?patient_id=${state.patientId}`,
      patientKeysFor: [state.patientId],
      shown: heading('Video Consultation Access'),
    },
    '/room/:meetingId': {
      url: `${room.pathname}${room.search}${room.hash}`,
      patientKeysFor: [state.roomCaseId],
      media: true,
      shown: (page) => page.getByTestId('local-video'),
    },
    '/provider-dashboard': {
      url: '/provider-dashboard',
      signedIn: 'provider',
      shown: (page) => page.getByText('Live Alerts'),
    },
    '/provider/apply': { url: '/provider/apply', shown: heading(/./) },
    '/provider/status': {
      url: `/provider/status?id=APP-${state.applicationId}`,
      shown: heading(/./),
    },
    '/admin': {
      url: '/admin',
      signedIn: 'admin',
      shown: (page) => page.getByRole('tab', { name: 'Applications' }),
    },
    '*': { url: '/no-such-page', shown: heading('Page Not Found') },
  };
}

/** Makes the state of {@link PageState} on a running stack, as patients and doctors would. */
export async function makePageState(stack: TestStack): Promise<PageState> {
  const unpaidCaseId = await newCaseId(stack);
  const paidCaseId = await newPaidCaseId(stack);
  const { patientId } = await newPatientB(stack);
  const { applicationId } = await apply(stack);
  const admin = await signInAdmin(stack);
  const provider = await signInProvider(stack);
  // Last, as the room is measured first: the meeting runs on the clock (20 s on the e2e stack).
  // Its case is claimed and started by the doctor, so its join links exist.
  const roomCaseId = await newPaidCaseId(stack);
  await claimCase(stack, provider, roomCaseId);
  await startTimer(stack, provider, roomCaseId);
  const { patientJoinUrl } = await joinLinks(stack, provider, roomCaseId);
  return {
    unpaidCaseId,
    paidCaseId,
    patientId,
    applicationId,
    patientJoinUrl,
    roomCaseId,
    provider: { cookie: provider.cookie, id: provider.id, name: provider.name },
    admin,
  };
}

export interface BrowserWeight {
  path: AppPath;
  /** Gzip bytes of every script the site served (`/assets/…`), the figure with the goal. */
  siteJsGzip: number;
  /** Scripts fetched from elsewhere (the payment provider's), counted apart: not ours to split. */
  otherJsBytes: number;
  scripts: { url: string; bytes: number }[];
}

/**
 * The network is idle when no request is in flight and no script was requested for this long:
 * longer than the app's own deferrals (the toaster loads 1.5 s after the page shows), so a
 * chunk fetched without any interaction is counted whenever it comes.
 */
export const SCRIPT_QUIET_MS = 2_500;
const PAGE_TIMEOUT_MS = 30_000;

const isScript = (request: Request) =>
  request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(request.url()).pathname);

/** Opens one route in a fresh context and counts its scripts until the network is idle. */
async function weighPage(
  browser: Browser,
  appUrl: string,
  path: AppPath,
  visit: PageVisit,
  state: PageState,
): Promise<BrowserWeight> {
  const page = await newPage(browser);
  // gzip only: the goal is in gzip bytes (CloudFront answers brotli to a browser that asks).
  await page.context().setExtraHTTPHeaders({ 'accept-encoding': 'gzip' });
  if (visit.patientKeysFor) await holdPatientKey(page, visit.patientKeysFor);
  if (visit.signedIn) await signIn(page, appUrl, visit.signedIn, state);
  // Only what the page fetches while it is this route's page: a page that moves on by itself
  // (the success page after 3 s, a redirect) hands over to a route measured on its own.
  const onRoute = () => routeOf(new URL(page.url()).pathname) === path;
  const inFlight = new Set<Request>();
  let lastScriptAt = Date.now();
  const counted: Promise<{ url: string; bytes: number; site: boolean }>[] = [];
  page.on('request', (request) => {
    if (!onRoute()) return;
    inFlight.add(request);
    if (isScript(request)) lastScriptAt = Date.now();
  });
  const settle = (request: Request) => {
    if (!inFlight.delete(request)) return;
    if (isScript(request)) lastScriptAt = Date.now();
  };
  page.on('requestfailed', settle);
  page.on('requestfinished', (request) => {
    if (inFlight.has(request) && isScript(request)) counted.push(scriptBytes(request, appUrl));
    settle(request);
  });
  try {
    await page.goto(new URL(visit.url, appUrl).href, { timeout: PAGE_TIMEOUT_MS });
    if (!onRoute()) throw new Error(`${path}: ${visit.url} opened ${page.url()} instead`);
    await visit.shown(page).first().waitFor({ timeout: PAGE_TIMEOUT_MS });
    const deadline = Date.now() + PAGE_TIMEOUT_MS;
    while (inFlight.size > 0 || (onRoute() && Date.now() - lastScriptAt < SCRIPT_QUIET_MS)) {
      if (Date.now() > deadline) {
        throw new Error(
          `${path}: the network was not idle within ${PAGE_TIMEOUT_MS} ms (${[...inFlight]
            .map((request) => request.url())
            .join(', ')})`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const scripts = await Promise.all(counted);
    const site = scripts.filter((script) => script.site);
    return {
      path,
      siteJsGzip: site.reduce((sum, script) => sum + script.bytes, 0),
      otherJsBytes: scripts
        .filter((script) => !script.site)
        .reduce((sum, script) => sum + script.bytes, 0),
      scripts: scripts.map(({ url, bytes }) => ({ url, bytes })),
    };
  } finally {
    await page.close();
  }
}

/**
 * A browser that signed in before: the session cookie, and what the page stored at its sign-in
 * (the dashboard's display data, the admin panel's token), so the page opens signed in.
 */
async function signIn(
  page: Page,
  appUrl: string,
  who: 'provider' | 'admin',
  state: PageState,
): Promise<void> {
  const { provider, admin } = state;
  await signInContext(page, { appUrl }, who === 'provider' ? provider : admin);
  const stored: Record<string, string> =
    who === 'provider'
      ? {
          [PROVIDER_AUTH_KEY]: 'true',
          [CURRENT_PROVIDER_KEY]: JSON.stringify({ id: provider.id, name: provider.name }),
        }
      : { [ADMIN_TOKEN_KEY]: admin.token, [ADMIN_ID_KEY]: admin.adminId };
  await page.context().addInitScript((entries: Record<string, string>) => {
    for (const [name, value] of Object.entries(entries)) window.localStorage.setItem(name, value);
  }, stored);
}

/**
 * CloudFront compresses only objects of 1,000 to 10,000,000 bytes (its Developer Guide, "Serve
 * compressed files"); a smaller chunk reaches the phone as it is. The local gateway gzips every
 * file, so a script under this size counts its own length.
 */
export const CLOUDFRONT_MIN_COMPRESSED_BYTES = 1_000;

/** What a script's body costs as CloudFront serves it: its gzip bytes, or itself when small. */
export function servedBytes(bodyBytes: number, gzipBytes: number): number {
  return bodyBytes < CLOUDFRONT_MIN_COMPRESSED_BYTES ? bodyBytes : gzipBytes;
}

/** A script's body bytes as CloudFront would send them; the site's must come gzip-encoded here. */
async function scriptBytes(
  request: Request,
  appUrl: string,
): Promise<{ url: string; bytes: number; site: boolean }> {
  const response = await request.response();
  const url = new URL(request.url());
  const site = url.origin === new URL(appUrl).origin && url.pathname.startsWith('/assets/');
  const { responseBodySize } = await request.sizes();
  if (!site || !response) return { url: url.pathname, bytes: responseBodySize, site };
  if ((await response.headerValue('content-encoding')) !== 'gzip') {
    throw new Error(`${url.pathname} came without gzip: the count would not be gzip bytes`);
  }
  const body = await response.body();
  return { url: url.pathname, bytes: servedBytes(body.length, responseBodySize), site };
}

/** Every route of the route table, one after the other, in one Chromium. */
export async function measureBrowserWeights(
  stack: TestStack,
  state: PageState,
): Promise<BrowserWeight[]> {
  const visits = pageVisits(state);
  const plain = await launchBrowser();
  const withMedia = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ]);
  try {
    const weights = new Map<AppPath, BrowserWeight>();
    // The room first: its meeting runs on the clock (20 s on the e2e stack), from makePageState.
    const order = [...routeTable].sort(
      (a, b) => Number(b.path === '/room/:meetingId') - Number(a.path === '/room/:meetingId'),
    );
    for (const { path } of order) {
      const visit = visits[path];
      const browser = visit.media ? withMedia : plain;
      weights.set(path, await weighPage(browser, stack.appUrl, path, visit, state));
    }
    return routeTable.map(({ path }) => weights.get(path)!);
  } finally {
    await plain.close();
    await withMedia.close();
  }
}
