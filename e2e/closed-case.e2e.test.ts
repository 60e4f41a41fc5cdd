import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storeCaseStatus } from '#db/testing';
import { expirePaidCaseNow } from '#local/testing/expire-case';
import { newPaidCaseId, newPatientB, payForCase } from '#local/testing/patient-journey';
import { moneyTexts } from '@shared/payments/money';
import { useTestStack } from '#local/testing/stack-context';
import { holdPatientKey, launchFakeMediaBrowser, newPage } from './browser';
import { useBrowser } from './use-browser';

/**
 * Issue 27 item 6 in Chromium: a case that is over offers no Join on either reading's page.
 * Expiry leaves the meeting `scheduled`, so before the fix both pages offered a working-looking
 * Join that opened a room waiting forever; reading B never said expired, and after the call said
 * 'The meeting link is not ready yet'.
 */

const stack = useTestStack();
const browser = useBrowser(launchFakeMediaBrowser);

/** A page in the patient's own browser: it holds the key, as after the intake. */
async function patientPage(ids: string[]): Promise<Page> {
  const page = await newPage(browser());
  await holdPatientKey(page, ids);
  return page;
}

describe('a case that is over', () => {
  it('reading A: the visit page of an expired case says so and offers no Join Video Call', async () => {
    const caseId = await newPaidCaseId(stack);
    await expirePaidCaseNow(caseId);
    const page = await patientPage([caseId]);
    await page.goto(`${stack.appUrl}/visit/${caseId}`);
    await page.getByTestId('visit-status-label').getByText('Session Expired').waitFor();
    // Nothing was charged: the authorization was released (issue 28), so no refund line.
    await page.getByTestId('money-line').getByText(moneyTexts.released).waitFor();
    expect(await page.getByTestId('visit-refund').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Join Video Call' }).count()).toBe(0);
    await page.close();
  });

  it('reading B: the video access page of an expired case says expired and not charged, with no Join', async () => {
    const { patientId, caseId } = await newPatientB(stack);
    await payForCase(stack, caseId);
    await expirePaidCaseNow(caseId);
    const page = await patientPage([patientId, caseId]);
    await page.goto(`${stack.appUrl}/video-access?patient_id=${patientId}`);
    await page.getByRole('heading', { level: 2, name: 'Session Expired' }).waitFor();
    await page.getByTestId('video-access-money').getByText(moneyTexts.released).waitFor();
    expect(await page.getByTestId('video-access-refund').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Join/ }).count()).toBe(0);
    await page.close();
  });

  it('reading B: after the call the video access page leads to the feedback form', async () => {
    const { patientId, caseId } = await newPatientB(stack);
    await payForCase(stack, caseId);
    await storeCaseStatus(caseId, 'completed', new Date().toISOString());
    const page = await patientPage([patientId, caseId]);
    await page.goto(`${stack.appUrl}/video-access?patient_id=${patientId}`);
    const feedback = page.getByRole('link', { name: 'Leave Feedback' });
    await feedback.waitFor();
    expect(await page.getByRole('button', { name: /Join/ }).count()).toBe(0);
    expect(await page.getByText('The meeting link is not ready yet').count()).toBe(0);
    await feedback.click();
    await page.waitForURL(`**/feedback/${caseId}`);
    await page.close();
  });
});
