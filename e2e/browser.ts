import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { patientKeyOf } from '../local/testing/patient-journey';
import { PATIENT_KEY_STORAGE_PREFIX } from '@shared/patients/patient-key';
import { CHROMIUM_PATH } from '../scripts/ensure-chromium';

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
];

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...chromiumArgs, ...extraArgs] });
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
