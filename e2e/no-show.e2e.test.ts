import { beforeAll, describe, expect, it } from 'vitest';
import { claimCase, startTimer } from '#local/testing/consultation-journey';
import { newPaidCaseId } from '#local/testing/patient-journey';
import { signInProvider, type SignedInProvider } from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { holdPatientKey, launchFakeMediaBrowser, newPage } from './browser';
import { useBrowser } from './use-browser';
import { noShowPatientTexts } from '@shared/cases/no-show';
import { moneyTexts } from '@shared/payments/money';

/**
 * Nobody pays for a call that did not happen (issue 27 item 2, docs/adr/0023), in Chromium: the
 * doctor starts the e2e stack's 20-second call and the patient, waiting on the visit page, never
 * enters the room. At the end the visit page says so and that the payment was refunded, and it
 * stays: a no-show is never sent to the feedback form.
 */

const stack = useTestStack();
const browser = useBrowser(launchFakeMediaBrowser);
let provider: SignedInProvider;

beforeAll(async () => {
  provider = await signInProvider(stack);
});

describe('a consultation the patient never joined', () => {
  it('ends as a no-show on the visit page: refunded, no Join, never the feedback form', async () => {
    const caseId = await newPaidCaseId(stack);
    const page = await newPage(browser());
    await holdPatientKey(page, [caseId]);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto(`${stack.appUrl}/visit/${caseId}`);
    await page.getByText('Waiting for Provider').first().waitFor();

    await claimCase(stack, provider, caseId);
    await startTimer(stack, provider, caseId);

    // The call's 20 seconds pass with nobody in the patient's room. (No wait for 'Consultation
    // Active' on the way: a page that misses the start's push reads the case at its 30-second
    // poll, which may come only after the 20-second call ended.)
    await page.getByText('Consultation Missed').first().waitFor({ timeout: 60_000 });
    await page.getByText(noShowPatientTexts.patientNoShow).waitFor();
    // Nothing charged: the authorization is released (issue 28), not refunded.
    await page.getByText(moneyTexts.released).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: /Join Video Call/ }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/visit/${caseId}`);
    expect(visited.filter((path) => path.startsWith('/feedback'))).toEqual([]);
    await page.close();
  }, 150_000);
});
