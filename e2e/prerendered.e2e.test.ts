import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useTestStack } from '#local/testing/stack-context';
import { useBrowser } from './use-browser';

/**
 * The prerendered pages (web/prerender/): their text is in the HTML the site sends, the app
 * hydrates them without a mismatch (React reports one as a page error, or a console error in
 * development), and their links and buttons then work in place.
 */
const stack = useTestStack();
const browser = useBrowser();

/** A page that records every page error and console error. */
async function watchedPage(javaScriptEnabled = true): Promise<{ page: Page; errors: string[] }> {
  const context = await browser().newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

/** Marks the document, so a later check can tell a client-side navigation from a reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

describe('prerendered pages', () => {
  it.each([
    ['/', 'Get Healthcare Help Right Now', 'How It Works'],
    ['/payment-cancelled', 'Payment Cancelled', 'Possible Reasons'],
    ['/no-such-page', 'Page Not Found', 'Go Back'],
  ])('%s shows "%s" without JavaScript', async (path, title, text) => {
    const { page } = await watchedPage(false);
    await page.goto(`${stack.appUrl}${path}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    expect(await page.locator('main').innerText()).toContain(text);
    expect(await page.title()).toBe(`${title} | TeleHealth`);
    await page.context().close();
  });

  it('hydrates the landing: the status check answers and a link navigates in place', async () => {
    const { page, errors } = await watchedPage();
    await page.goto(stack.appUrl);
    const statusBox = page.getByRole('region', { name: 'Check Your Application Status' });
    // An empty lookup raises the toast: the button's handler is attached.
    await expect
      .poll(async () => {
        await statusBox.getByRole('button', { name: 'Check Status' }).click();
        return page.getByText('Please enter your application ID').first().isVisible();
      })
      .toBe(true);
    await markDocument(page);
    await page.getByRole('link', { name: 'Apply to Join Network' }).click();
    await page.getByRole('heading', { level: 1, name: 'Doctor Application' }).waitFor();
    expect(await stillSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('hydrates the payment-cancelled page, and renders it with a case in the browser', async () => {
    const { page, errors } = await watchedPage();
    await page.goto(`${stack.appUrl}/payment-cancelled`);
    // A click before the app has taken the page over would be a plain link's full load; once
    // the network is idle the entry and the page chunk have loaded and hydrated it.
    await page.waitForLoadState('networkidle');
    await markDocument(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Get Healthcare Help Right Now' }).waitFor();
    expect(await stillSameDocument(page)).toBe(true);

    const caseId = '6f1c2b9e-4d7a-4c1e-9a8b-2f3d4e5f6a7b';
    await page.goto(`${stack.appUrl}/payment-cancelled?case_id=${caseId}`);
    await page.getByRole('link', { name: 'Try Payment Again' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('hydrates the not-found page at any unknown path: Go Back returns', async () => {
    const { page, errors } = await watchedPage();
    await page.goto(stack.appUrl);
    await page.getByRole('heading', { level: 1, name: 'Get Healthcare Help Right Now' }).waitFor();
    await page.goto(`${stack.appUrl}/provider/unknown`);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await expect
      .poll(async () => {
        if (new URL(page.url()).pathname === '/provider/unknown') {
          await page.getByRole('button', { name: 'Go Back' }).click();
        }
        return new URL(page.url()).pathname;
      })
      .toBe('/');
    await page.getByRole('heading', { level: 1, name: 'Get Healthcare Help Right Now' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the app shell', () => {
  it('shows no footer under the spinner while the first page loads, then the page and its footer', async () => {
    const { page, errors } = await watchedPage();
    // The intake page's chunk is held until the spinner has been checked: the footer shown
    // under it would be pushed down by the page, a layout shift (Lighthouse CLS 0.23).
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/PatientTelehealthPage-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.appUrl}/patient-telehealth`, { waitUntil: 'commit' });
    await page.locator('#main-content [data-page-loading]').waitFor();
    expect(await page.locator('footer').count()).toBe(1);
    expect(await page.locator('footer').isVisible()).toBe(false);

    release();
    await page.getByRole('heading', { level: 1, name: 'Get Healthcare Help' }).waitFor();
    expect(await page.locator('footer').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
