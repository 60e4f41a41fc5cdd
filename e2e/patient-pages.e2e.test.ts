import { beforeAll, describe, expect, it } from 'vitest';
import {
  STRIPE_TEST_CARDS,
  createCheckout,
  newPatientB,
  payWithCard,
} from '#local/testing/patient-journey';
import { useTestStack } from '#local/testing/stack-context';
import { expectNoAxeViolations, holdPatientKey, launchFakeMediaBrowser, newPage } from './browser';
import { useBrowser } from './use-browser';

const stack = useTestStack();
const browser = useBrowser(launchFakeMediaBrowser);
let paid: { patientId: string; caseId: string };

/** A reading B request paid on the hosted page: the state the later pages show. */
async function paidPatientRequest() {
  const created = await newPatientB(stack, {
    name: 'Ama Owusu',
    contactInfo: 'ama@example.org',
    symptoms: 'Persistent cough for a week',
    requestType: 'telemedicine',
  });
  const { sessionId } = await createCheckout(stack, created.caseId, 'hosted');
  await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays);
  return created;
}

beforeAll(async () => {
  paid = await paidPatientRequest();
});

describe('the other patient pages, after a real payment', () => {
  it.each([
    ['/payment-success?case_id={caseId}', 'Payment Successful!'],
    ['/payment-success?patient_id={patientId}', 'Payment Successful!'],
    ['/video-access?patient_id={patientId}', 'Join 15-Minute Video Consultation'],
    ['/payment-cancelled?case_id={caseId}', 'Try Payment Again'],
  ])('%s shows %j with no accessibility violations', async (template, text) => {
    // The browser that made the request: it holds the patient's key (docs/adr/0012).
    const page = await newPage(browser());
    await holdPatientKey(page, [paid.caseId, paid.patientId]);
    const path = template.replace('{caseId}', paid.caseId).replace('{patientId}', paid.patientId);
    await page.goto(`${stack.appUrl}${path}`);
    await page.getByText(text).first().waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('goes from the success page through processing to the visit page', async () => {
    const page = await newPage(browser());
    await holdPatientKey(page, [paid.caseId]);
    // A paid case leaves the processing page as soon as it has read the status: every URL the
    // page goes through is kept, as a wait for the processing page could start after it left.
    const passedThrough: string[] = [];
    page.on('framenavigated', (frame) => {
      const path = new URL(frame.url()).pathname;
      // The router's own replace of the same page is not a step.
      if (frame === page.mainFrame() && passedThrough.at(-1) !== path) passedThrough.push(path);
    });
    await page.goto(`${stack.appUrl}/payment-success?case_id=${paid.caseId}`);
    await page.getByRole('button', { name: 'Continue Now' }).click();
    await page.waitForURL(`${stack.appUrl}/visit/${paid.caseId}`, { timeout: 15_000 });
    expect(passedThrough).toEqual([
      '/payment-success',
      '/payment-processing',
      `/visit/${paid.caseId}`,
    ]);
    await page.getByText('Waiting for Provider').first().waitFor();
    expect(await page.locator('body').innerText()).toContain('Waiting...');
    await page.close();
  });
});
