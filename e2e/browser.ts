import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  nextCodeOf,
  rememberSecret,
  secretOf,
  type SignInKind,
} from '#local/testing/second-factor';
import { patientKeyOf } from '#local/testing/patient-journey';
import { PATIENT_KEY_STORAGE_PREFIX } from '@shared/patients/patient-key';
import { CHROMIUM_LAUNCHER, CHROMIUM_PATH } from '../scripts/ensure-chromium';

/** Chromium flags for this machine (DESIGN.md §8); calls add the fake media flags. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Without these, every browser context (each test page has one) starts a renderer for the
  // address bar's suggestion popups, WebUI pages a headless browser never shows: 7–18 % of
  // the browser suites' CPU (docs/adr/0029-chromium-test-flags.md). The launcher merges this
  // list with Playwright's own.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/**
 * `executablePath`: another way to start the same launcher (a test network's home wrapper,
 * which enters the home's namespace first). The launcher runs `CHROMIUM_PATH`.
 */
export function launchBrowser(
  extraArgs: string[] = [],
  executablePath = CHROMIUM_LAUNCHER,
): Promise<Browser> {
  return chromium.launch({
    executablePath,
    env: { ...process.env, CHROMIUM_PATH },
    args: [...chromiumArgs, ...extraArgs],
  });
}

/**
 * Chromium with a fake camera and microphone, granted without a prompt, for patient pages that
 * ask for them (the waiting room) but hold no call: unlike a call's browser, no loopback pairing.
 */
export function launchFakeMediaBrowser(): Promise<Browser> {
  return launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
}

/**
 * A page in its own browser context (axe needs one, and each test starts with clean storage).
 * Closing the page closes its context.
 */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.once('close', () => void context.close().catch(() => undefined));
  return page;
}

/** Clicks what opens a new tab and answers that tab. */
export async function opensTab(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForLoadState('domcontentloaded');
  return tab;
}

/** Fails the test with the list of axe violations (WCAG 2 A/AA) on the current page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/** Puts a signed-in provider's session cookie (`name=value`) into the page's browser context. */
export async function signInContext(
  page: Page,
  stack: { appUrl: string },
  provider: { cookie: string },
): Promise<void> {
  const [name, value] = provider.cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: stack.appUrl }]);
}

/**
 * The second step of a provider's or admin's sign-in page (issue 25), answered as a person with
 * an authenticator app would: on a first sign-in the page shows the setup key, which is read
 * from the page, typed into the helpers' authenticator, confirmed with its code, and the
 * recovery codes are acknowledged; otherwise the next code is typed. `totpSecret`: an account
 * enrolled elsewhere (the stack's admin).
 */
export async function answerSecondFactor(
  page: Page,
  stack: { appUrl: string },
  kind: SignInKind,
  account: string,
  totpSecret?: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  if (totpSecret) rememberSecret(stack, kind, account, totpSecret);
  const code = page.getByLabel('Authentication code');
  await code.waitFor();
  const key = page.getByLabel('Setup key');
  if ((await key.count()) === 0) {
    // A code of a step another test file (or the global setup) already used is refused once
    // (no replay): the next step's code is typed, as a person would wait for the next one.
    for (let tries = 0; tries < 3; tries += 1) {
      await code.fill(await nextCodeOf(stack, kind, account));
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/login/code')),
        code.press('Enter'),
      ]);
      if (answer.status() !== 401) break;
    }
    return { secret: secretOf(stack, kind, account)!, recoveryCodes: [] };
  }
  const secret = (await key.innerText()).trim();
  rememberSecret(stack, kind, account, secret);
  await code.fill(await nextCodeOf(stack, kind, account));
  await page.getByRole('button', { name: 'Confirm and Sign In' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  await page.getByRole('button', { name: 'I have saved these' }).click();
  return { secret, recoveryCodes };
}

/**
 * Makes the page's browser context the patient's own browser for these ids (cases or patients
 * created through the patient-journey helpers): the key the intake returned is in local storage
 * before any page runs, as the intake page leaves it (docs/adr/0012).
 */
export async function holdPatientKey(page: Page, ids: readonly string[]): Promise<void> {
  const entries = ids.map((id) => [`${PATIENT_KEY_STORAGE_PREFIX}${id}`, patientKeyOf(id)]);
  await page.context().addInitScript((stored: string[][]) => {
    for (const [name, value] of stored) window.localStorage.setItem(name!, value!);
  }, entries);
}

/**
 * Signs a provider in on the dashboard's own form (password, then the second factor) and waits
 * for the live dashboard: the session and the page's signed-in state come from the app itself.
 */
export async function signInOnDashboard(
  page: Page,
  stack: { appUrl: string },
  provider: { email: string; password: string; totpSecret: string },
): Promise<void> {
  await page.goto(`${stack.appUrl}/provider-dashboard`);
  await page.getByLabel('Email').fill(provider.email);
  await page.getByLabel('Password').fill(provider.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await answerSecondFactor(page, stack, 'provider', provider.email, provider.totpSecret);
  await page.getByText('Live Alerts').waitFor();
}
