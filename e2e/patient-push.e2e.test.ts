import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeCaseStatus } from '#db/testing';
import { claimCase, startTimer } from '#local/testing/consultation-journey';
import {
  STRIPE_TEST_CARDS,
  createCheckout,
  newCaseId,
  newPaidCaseId,
  payWithCard,
} from '#local/testing/patient-journey';
import { expirePaidCaseNow } from '#local/testing/expire-case';
import { signInProvider, type SignedInProvider } from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { expectNoAxeViolations, holdPatientKey, launchFakeMediaBrowser, newPage } from './browser';
import { useBrowser } from './use-browser';
import { getCaseStatus } from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import { moneyTexts } from '@shared/payments/money';

/**
 * Push to patient pages (issue 12, docs/adr/0007) in Chromium: the visit page hears of a claim
 * (and the processing page of the payment) over its case socket and shows it at once, although
 * it polls only every 30 s while the socket is open; with the socket unable to open the visit
 * page still shows it, by the spec's 5-second poll. The proof is the page's own log of requests
 * and socket frames, not a stopwatch.
 */

const stack = useTestStack();
const browser = useBrowser(launchFakeMediaBrowser);
let provider: SignedInProvider;

beforeAll(async () => {
  provider = await signInProvider(stack);
});

/** What the page did, in order: each status request and each `CASE_UPDATED` frame received. */
function recordActivity(page: Page, caseId: string): string[] {
  const log: string[] = [];
  const statusPath = pathOf(getCaseStatus, { caseId });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === statusPath) log.push('status');
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type?: string; caseId?: string };
      if (message.type === 'CASE_UPDATED' && message.caseId === caseId) log.push('pushed');
    });
  });
  return log;
}

/** A page in the patient's own browser: it holds the case's key, as after the intake. */
async function patientPage(caseId: string): Promise<Page> {
  const page = await newPage(browser());
  await holdPatientKey(page, [caseId]);
  return page;
}

const doctorShown = (page: Page) =>
  page.getByText(provider.name).first().waitFor({ timeout: 15_000 });

describe('the visit page', () => {
  it('shows a claim at once by push, with no poll in between', async () => {
    const caseId = await newPaidCaseId(stack);
    const page = await patientPage(caseId);
    const log = recordActivity(page, caseId);
    await page.goto(`${stack.appUrl}/visit/${caseId}`);
    await page.getByText('Waiting for Provider').first().waitFor();
    // The first load, then the refetch the open socket asks for: the page is listening now.
    await expect.poll(() => log.length).toBe(2);

    await claimCase(stack, provider, caseId);
    await doctorShown(page);
    // The push, and the one refetch it caused: no 5-second poll came before the change showed.
    expect(log).toEqual(['status', 'status', 'pushed', 'status']);
    await page.close();
  });

  it("still shows it with the socket blocked, by the spec's 5-second poll", async () => {
    const caseId = await newPaidCaseId(stack);
    const page = await patientPage(caseId);
    // No ticket, no socket: the page stays on its spec interval.
    await page.route('**/api/cases/*/realtime-ticket', (route) => route.abort('failed'));
    const log = recordActivity(page, caseId);
    await page.goto(`${stack.appUrl}/visit/${caseId}`);
    await page.getByText('Waiting for Provider').first().waitFor();

    await claimCase(stack, provider, caseId);
    await doctorShown(page);
    expect(log).not.toContain('pushed');
    expect(log.length).toBeGreaterThanOrEqual(2);
    await page.close();
  });
});

/**
 * Wraps `getUserMedia` before the app loads: each call records the visit status label shown at
 * that moment, so the test can tell in which status the page asked.
 */
async function recordMediaRequests(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { mediaRequests: string[] }).mediaRequests = calls;
    const devices = navigator.mediaDevices;
    const original = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (constraints) => {
      const label = document.querySelector('[data-testid="visit-status-label"]');
      calls.push(label?.textContent ?? '');
      return original(constraints);
    };
  });
  return () =>
    page.evaluate(() => (window as unknown as { mediaRequests: string[] }).mediaRequests);
}

describe('the visit page asks for camera and microphone only when paid or in a call', () => {
  it('asks once the case is paid', async () => {
    const caseId = await newPaidCaseId(stack);
    const page = await patientPage(caseId);
    const mediaRequests = await recordMediaRequests(page);
    await page.goto(`${stack.appUrl}/visit/${caseId}`);
    await expect.poll(mediaRequests).toEqual(['Waiting for Provider']);
    await page.close();
  });

  it('does not ask while the case is claimed; asks when the call starts', async () => {
    const caseId = await newPaidCaseId(stack);
    await claimCase(stack, provider, caseId);
    const page = await patientPage(caseId);
    // Polling only (every 5 s): a second status request is proof the 1-second media delay of
    // the claimed status has passed.
    await page.route('**/api/cases/*/realtime-ticket', (route) => route.abort('failed'));
    const log = recordActivity(page, caseId);
    const mediaRequests = await recordMediaRequests(page);
    await page.goto(`${stack.appUrl}/visit/${caseId}`);
    await doctorShown(page);
    await expect.poll(() => log.length).toBeGreaterThanOrEqual(2);
    expect(await mediaRequests()).toEqual([]);

    await startTimer(stack, provider, caseId);
    await expect.poll(mediaRequests).toEqual(['Consultation Active']);
    await page.close();
  });
});

describe('the processing page', () => {
  it('opens the visit page as soon as the payment is pushed', async () => {
    const caseId = await newCaseId(stack);
    const { sessionId } = await createCheckout(stack, caseId);
    const page = await patientPage(caseId);
    const log = recordActivity(page, caseId);
    await page.goto(`${stack.appUrl}/payment-processing?case_id=${caseId}`);
    await page.getByText('Awaiting payment confirmation').waitFor();
    await expect.poll(() => log.length).toBe(2);
    // The page a patient reads while the payment is confirmed (a paid case passes it at once).
    await expectNoAxeViolations(page);

    await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays);
    await page.waitForURL(`${stack.appUrl}/visit/${caseId}`, { timeout: 15_000 });
    // The first load, the refetch on open, the push and its refetch (which saw it paid); the
    // visit page's own requests follow.
    expect(log.slice(0, 4)).toEqual(['status', 'status', 'pushed', 'status']);
    await page.close();
  });

  it("opens it with the socket blocked too, by the spec's 2-second poll", async () => {
    const caseId = await newCaseId(stack);
    const { sessionId } = await createCheckout(stack, caseId);
    const page = await patientPage(caseId);
    await page.route('**/api/cases/*/realtime-ticket', (route) => route.abort('failed'));
    const log = recordActivity(page, caseId);
    await page.goto(`${stack.appUrl}/payment-processing?case_id=${caseId}`);
    await page.getByText('Awaiting payment confirmation').waitFor();

    await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays);
    await page.waitForURL(`${stack.appUrl}/visit/${caseId}`, { timeout: 15_000 });
    expect(log).not.toContain('pushed');
    await page.close();
  });

  it('says a case was cancelled while it waited, and stays', async () => {
    const caseId = await newCaseId(stack);
    const page = await patientPage(caseId);
    await page.route('**/api/cases/*/realtime-ticket', (route) => route.abort('failed'));
    await page.goto(`${stack.appUrl}/payment-processing?case_id=${caseId}`);
    await page.getByText('Awaiting payment confirmation').waitFor();

    await storeCaseStatus(caseId, 'cancelled', new Date().toISOString());
    await page.getByRole('heading', { level: 1, name: 'Request Cancelled' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('Please start a new request');
    expect(await page.getByRole('link', { name: 'Start New Request' }).getAttribute('href')).toBe(
      '/patient-telehealth',
    );
    expect(new URL(page.url()).pathname).toBe('/payment-processing');
    await page.close();
  });

  it('says an expired case expired (and not charged) instead of opening the waiting room', async () => {
    const caseId = await newPaidCaseId(stack);
    await expirePaidCaseNow(caseId);
    const page = await patientPage(caseId);
    await page.goto(`${stack.appUrl}/payment-processing?case_id=${caseId}`);
    await page.getByRole('heading', { level: 1, name: 'Request Expired' }).waitFor();
    await page.getByTestId('money-line').getByText(moneyTexts.released).waitFor();
    expect(new URL(page.url()).pathname).toBe('/payment-processing');
    await page.close();
  });
});
