import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { claimCase } from '#local/testing/consultation-journey';
import { caseStatus, newPaidCaseId } from '#local/testing/patient-journey';
import { signInProvider, type SignedInProvider } from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { signInOnDashboard } from './browser';
import { launchCallBrowser, newCallPage } from './call';
import { useBrowser } from './use-browser';

/**
 * Issue 27 item 5 in Chromium: when the browser refuses the room's tab, the dashboard says so
 * with a link that opens the room, and the room starts the timer; the doctor's link opened in a
 * browser without the doctor's session says to sign in there.
 */
const stack = useTestStack();
const browser = useBrowser(launchCallBrowser);

/** The doctor's dashboard in a browser whose popup blocker refuses every scripted tab. */
async function blockingDashboardOf(provider: SignedInProvider): Promise<Page> {
  const page = await newCallPage(browser());
  // A strict blocker: `window.open` gives null, as Safari's does outside a user activation.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await signInOnDashboard(page, stack, provider);
  return page;
}

describe('Start Call when the browser blocks the tab', () => {
  it('offers the link; the room it opens starts the timer; elsewhere the link says to sign in', async () => {
    const provider = await signInProvider(stack);
    const caseId = await newPaidCaseId(stack);
    // The e2e stack's claim lease is short: claim only now.
    await claimCase(stack, provider, caseId);
    const dashboard = await blockingDashboardOf(provider);
    await dashboard.getByRole('tab', { name: 'My Active' }).click();
    const card = dashboard.locator(`[data-case-id="${caseId}"]`);
    await card.getByRole('button', { name: 'Start Call' }).click();

    const notice = dashboard.getByRole('alert').filter({ hasText: 'blocked' });
    await notice.getByText("Your browser blocked the consultation room's tab.").waitFor();
    expect((await caseStatus(stack, caseId)).status).toBe('claimed');
    const link = notice.getByRole('link', { name: 'Open the consultation room' });
    const roomAddress = new URL((await link.getAttribute('href'))!);
    expect(roomAddress.pathname).toMatch(/^\/room\//);
    expect(roomAddress.searchParams.get('case_id')).toBe(caseId);

    const [room] = await Promise.all([dashboard.context().waitForEvent('page'), link.click()]);
    await room.getByRole('timer').waitFor();
    expect((await caseStatus(stack, caseId)).status).toBe('in_call');

    // The same link in another browser (no doctor's session there): sign in, not 'invalid'.
    const elsewhere = await newCallPage(browser());
    await elsewhere.goto(roomAddress.href);
    await elsewhere.getByRole('heading', { name: 'Sign In Required' }).waitFor();
    expect(await elsewhere.getByText('Invalid Meeting Link').count()).toBe(0);
  }, 120_000);
});
