import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { claimCase, startTimer } from '#local/testing/consultation-journey';
import { providerFetch, signInProvider } from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { WAIT_LIMIT_MS } from '#local/testing/wait-limit';
import { expectNoAxeViolations, launchFakeMediaBrowser, newPage } from './browser';
import { payOnCheckout } from './checkout';
import { useBrowser } from './use-browser';
import { getCaseBundle } from '#db/cases/bundle';
import type { CaseStatusResponse } from '@shared/cases/api';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import * as meetingContracts from '@shared/meetings/contracts';
import * as patientContracts from '@shared/patients/contracts';
import { ftypHeader } from '@shared/uploads/image-fixtures';

const stack = useTestStack();
const browser = useBrowser(launchFakeMediaBrowser);

const url = (path: string) => `${stack.appUrl}${path}`;
const notification = (page: Page) => page.getByRole('region', { name: /Notification/ });

/** Fills the reading A form, up to its submit. */
async function fillReadingA(page: Page): Promise<void> {
  await page.goto(url('/patient-telehealth'));
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expectNoAxeViolations(page);
  await page.getByLabel(/full name/i).fill('Ada Patient');
  await page
    .getByLabel(/describe your symptoms/i)
    .fill('Mild headache and a runny nose since yesterday');
  await page.getByLabel(/email address/i).fill('ada@example.org');
}

async function submitReadingA(page: Page): Promise<string> {
  await fillReadingA(page);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect
    .poll(() => notification(page).innerText())
    .toContain('Request Submitted! Redirecting to payment...');
  await page.getByText('Your Request is Sent!').waitFor();
  await page.getByText('Request Submitted Successfully').waitFor();
  await page.waitForURL(/\/payment-choice\?case_id=/, { timeout: WAIT_LIMIT_MS });
  return new URL(page.url()).searchParams.get('case_id')!;
}

describe('reading A images (spec doc 1 §5: every phone image, checked by content)', () => {
  it('takes an iPhone HEIC picked without a type, uploads it, and refuses text named .jpg', async () => {
    const page = await newPage(browser());
    await page.goto(url('/patient-telehealth'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const images = page.getByLabel('Add Images');
    // Some browsers give a HEIC an empty type: the picker decides by its bytes.
    await images.setInputFiles({
      name: 'IMG_0001.HEIC',
      mimeType: '',
      buffer: Buffer.from(ftypHeader('heic', ['mif1', 'heic'])),
    });
    const chosen = page.getByRole('list', { name: 'Chosen images' });
    await chosen.getByText('IMG_0001.HEIC').waitFor();
    await images.setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('these are my notes, not a photo'),
    });
    await expect
      .poll(() => notification(page).innerText())
      .toContain('notes.jpg must be an image under 5MB');
    expect(await chosen.innerText()).not.toContain('notes.jpg');

    await page.getByLabel(/full name/i).fill('Ada Patient');
    await page.getByLabel(/describe your symptoms/i).fill('A rash on my arm, photo attached');
    await page.getByLabel(/email address/i).fill('ada@example.org');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.waitForURL(/\/payment-choice\?case_id=/, { timeout: WAIT_LIMIT_MS });
    const caseId = new URL(page.url()).searchParams.get('case_id')!;
    const bundle = await getCaseBundle(caseId);
    expect(
      bundle?.attachments.map(({ kind, originalName, contentType }) => ({
        kind,
        originalName,
        contentType,
      })),
    ).toEqual([{ kind: 'image', originalName: 'IMG_0001.HEIC', contentType: 'image/heic' }]);
    await page.close();
  });
});

describe('reading A: request, embedded card payment, waiting room', () => {
  it('reaches the visit page with Waiting for Provider and a working camera and microphone', async () => {
    const page = await newPage(browser());
    const caseId = await submitReadingA(page);
    await expectNoAxeViolations(page);
    expect(await page.getByText('Coming Soon').count()).toBeGreaterThan(0);

    await page.getByRole('link', { name: /with Card/ }).click();
    await page.waitForURL(url(`/stripe-payment?case_id=${caseId}`));
    await page.getByRole('heading', { name: 'Secure Payment' }).waitFor();
    expect(await page.locator('body').innerText()).toContain('$2.99');
    const checkout = page.frameLocator('iframe');
    await checkout.getByLabel('Card number').waitFor();
    await expectNoAxeViolations(page);
    await payOnCheckout(checkout, '4242 4242 4242 4242');

    await page.waitForURL(url(`/visit/${caseId}`), { timeout: 20_000 });
    await page.getByText('Waiting for Provider').first().waitFor({ timeout: WAIT_LIMIT_MS });
    const checklist = page.getByRole('list', { name: /checklist/i });
    await expect
      .poll(() => checklist.innerText(), { timeout: WAIT_LIMIT_MS })
      .toMatch(/Camera[\s\S]*Working/);
    expect(await checklist.innerText()).toMatch(/Microphone[\s\S]*Working/);
    expect(await page.locator('body').innerText()).toContain('15 minutes max');
    await expectNoAxeViolations(page);
    await page.close();
  });

  it("shows the redirect panel's three buttons; Try Again resends a failed file, then it goes on", async () => {
    const page = await newPage(browser());
    // The first request for an upload is held, then fails as a lost connection would; later
    // ones go through. While a file is on its way the panel cannot redirect, so it stays.
    let failHeld!: () => void;
    const held = new Promise<void>((resolve) => (failHeld = resolve));
    let first = true;
    await page.route('**/api/cases/*/uploads', async (route) => {
      if (!first) return route.continue();
      first = false;
      await held;
      return route.abort('failed');
    });
    await fillReadingA(page);
    await page.locator('input[type="file"][accept*="pdf"]').setInputFiles({
      name: 'referral.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await page.getByRole('button', { name: 'Submit Request' }).click();

    const panel = page.getByRole('region', { name: 'Request Submitted Successfully' });
    await panel.getByText('Please wait while your files finish uploading.').waitFor();
    const proceed = panel.getByRole('button', { name: 'Proceed to Payment' });
    const tryAgain = panel.getByRole('button', { name: 'Try Again' });
    const returnToForm = panel.getByRole('button', { name: 'Return to Form' });
    // All three buttons, nothing failed yet: nothing to try again, no payment before the file.
    expect(await proceed.isDisabled()).toBe(true);
    expect(await tryAgain.isDisabled()).toBe(true);
    expect(await returnToForm.isEnabled()).toBe(true);

    failHeld();
    await panel.getByText('Some files could not be uploaded').waitFor({ timeout: WAIT_LIMIT_MS });
    expect(await proceed.isEnabled()).toBe(true);
    expect(await tryAgain.isEnabled()).toBe(true);
    expect(await returnToForm.isEnabled()).toBe(true);
    await expectNoAxeViolations(page);
    expect(new URL(page.url()).pathname).toBe('/patient-telehealth');

    await tryAgain.click();
    // The file is sent, nothing is left to retry, and the countdown leads to the payment choice.
    await page.waitForURL(/\/payment-choice\?case_id=/, { timeout: WAIT_LIMIT_MS });
    await page.close();
  });

  it('leaves a declined card unpaid with a clear message', async () => {
    const page = await newPage(browser());
    const caseId = await submitReadingA(page);
    await page.goto(url(`/stripe-payment?case_id=${caseId}`));
    const checkout = page.frameLocator('iframe');
    await checkout.getByLabel('Card number').waitFor();
    await payOnCheckout(checkout, '4000 0000 0000 0002');
    await checkout.getByText('Your card was declined.').waitFor();
    const status = await fetch(url(pathOf(caseContracts.getCaseStatus, { caseId })));
    expect(((await status.json()) as { status: string }).status).toBe('awaiting_payment');
    await page.close();
  });
});

describe("the patient's private visit link (docs/adr/0012)", () => {
  it('carries the visit to a second browser, through the room to feedback; the case id alone does not', async () => {
    // Intake and payment in the patient's own browser, as above.
    const page = await newPage(browser());
    const caseId = await submitReadingA(page);
    await page.goto(url(`/stripe-payment?case_id=${caseId}`));
    const checkout = page.frameLocator('iframe');
    await checkout.getByLabel('Card number').waitFor();
    await payOnCheckout(checkout, '4242 4242 4242 4242');
    await page.waitForURL(url(`/visit/${caseId}`), { timeout: 20_000 });
    await page.getByText('Waiting for Provider').first().waitFor({ timeout: WAIT_LIMIT_MS });
    const link = await page.getByRole('textbox', { name: 'Your private visit link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${url(`/visit/${caseId}`)}#key=[A-Za-z0-9_-]{43}$`));
    await expectNoAxeViolations(page);

    // Another browser (the patient's phone) opens the link: the key leaves the address, the
    // visit and its join link work there.
    const phone = await newPage(browser());
    await phone.goto(link);
    await phone.getByText('Waiting for Provider').first().waitFor({ timeout: WAIT_LIMIT_MS });
    await expect.poll(() => new URL(phone.url()).hash).toBe('');
    const join = phone.getByRole('button', { name: 'Join Video Call' });
    await expect.poll(() => join.isEnabled()).toBe(true);

    // A browser with only the case id (a provider's, an admin's) gets no visit and no join link.
    const bare = await newPage(browser());
    await bare.goto(url(`/visit/${caseId}`));
    await bare.getByRole('heading', { name: 'Open Your Visit Link' }).waitFor();
    await expectNoAxeViolations(bare);
    const status = (await (
      await fetch(url(pathOf(caseContracts.getCaseStatus, { caseId })))
    ).json()) as CaseStatusResponse;
    expect(status.status).toBe('paid');
    expect(status.meeting?.patientJoinUrl).toBeNull();
    await bare.close();

    // The doctor claims and starts; the patient enters the room from the phone.
    const doctor = await signInProvider(stack);
    await claimCase(stack, doctor, caseId);
    await startTimer(stack, doctor, caseId);
    const [room] = await Promise.all([phone.context().waitForEvent('page'), join.click()]);
    await room
      .getByRole('heading', { name: 'Video Consultation' })
      .waitFor({ timeout: WAIT_LIMIT_MS });
    expect(await room.getByRole('timer').getAttribute('data-ends-at')).toMatch(/^\d{4}-/);

    // The doctor ends the call; the patient rates it from the room.
    const ended = await providerFetch(
      stack,
      doctor,
      pathOf(meetingContracts.endMeeting, { caseId }),
      {
        method: 'POST',
      },
    );
    expect(ended.status).toBe(200);
    await room
      .getByRole('heading', { name: 'Consultation Ended' })
      .waitFor({ timeout: WAIT_LIMIT_MS });
    await room.getByRole('link', { name: 'Leave Feedback' }).click();
    await room.getByRole('heading', { name: 'How Was Your Consultation?' }).waitFor();
    const excellent = room.getByRole('radio', { name: '5 Excellent' });
    await room.locator('label', { has: excellent }).click();
    await room.getByRole('button', { name: /Submit/ }).click();
    await room.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await Promise.all([room.close(), phone.close(), page.close()]);
  }, 120_000);
});

describe('reading B: patient request, hosted payment, verification page', () => {
  async function submitReadingB(page: Page): Promise<void> {
    await page.goto(url('/patient'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: /Telemedicine Consultation/ }).check({ force: true });
    await page.getByLabel(/full name/i).fill('Kofi Mensah');
    await page.getByLabel(/email or phone/i).fill('kofi@example.org');
    await page.getByLabel(/describe your symptoms/i).fill('Fever with chills for two days');
    await page.getByRole('button', { name: 'Submit Request' }).click();
  }

  /** What the server says about the patient's payment (the page's own source). */
  async function verification(patientId: string) {
    const response = await fetch(
      url(pathOf(patientContracts.getPaymentVerification, { patientId })),
    );
    return (await response.json()) as { paymentVerified: boolean; meetingCreated: boolean };
  }

  it('pays on the hosted page and lands on the verification page', async () => {
    const page = await newPage(browser());
    await submitReadingB(page);
    await page.waitForURL(/\/checkout\/cs_test_/, { timeout: WAIT_LIMIT_MS });
    await expectNoAxeViolations(page);
    await payOnCheckout(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/payment-success\?patient_id=/, { timeout: 20_000 });
    const patientId = new URL(page.url()).searchParams.get('patient_id')!;
    await page.getByText('Payment Successful!').first().waitFor({ timeout: WAIT_LIMIT_MS });
    // The page says "Payment Successful!" as soon as the verification answers anything (spec
    // doc 1 §3); the paid state is the video access the patient gets only once the payment is
    // verified and the meeting exists: the meeting details and an enabled join button.
    await page
      .getByText('Your video meeting is ready. A doctor is being assigned.')
      .waitFor({ timeout: WAIT_LIMIT_MS });
    const join = page.getByRole('button', { name: 'Join 15-Minute Video Consultation' });
    await join.waitFor({ timeout: WAIT_LIMIT_MS });
    expect(await join.isEnabled()).toBe(true);
    const text = await page.locator('body').innerText();
    expect(text).toContain('Your Video Consultation request is confirmed.');
    expect(text).not.toContain('Payment Required');
    expect(await verification(patientId)).toEqual(
      expect.objectContaining({ paymentVerified: true, meetingCreated: true }),
    );
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('leaves a declined card on the hosted page unpaid, with no access to a consultation', async () => {
    const page = await newPage(browser());
    const createPatientPath = pathOf(patientContracts.createPatient, {});
    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === createPatientPath &&
        response.request().method() === 'POST',
    );
    await submitReadingB(page);
    const { patientId } = (await (await created).json()) as { patientId: string };
    await page.waitForURL(/\/checkout\/cs_test_/, { timeout: WAIT_LIMIT_MS });
    await payOnCheckout(page, '4000 0000 0000 0002');
    await page.getByText('Your card was declined.').waitFor({ timeout: WAIT_LIMIT_MS });
    // The patient stays with Stripe: no redirect to the success page.
    expect(new URL(page.url()).origin).toBe(stack.stripeUrl);
    expect(await verification(patientId)).toMatchObject({ paymentVerified: false });

    // The patient's video access shows the spec's Payment Required state, no join button.
    await page.goto(url(`/video-access?patient_id=${patientId}`));
    await page
      .getByRole('heading', { name: 'Payment Required' })
      .waitFor({ timeout: WAIT_LIMIT_MS });
    expect(await page.getByText('Join 15-Minute Video Consultation').count()).toBe(0);
    expect(await verification(patientId)).toMatchObject({ paymentVerified: false });
    await page.close();
  });

  it('cancelling on the hosted page lands on the payment-cancelled page', async () => {
    const page = await newPage(browser());
    await submitReadingB(page);
    await page.waitForURL(/\/checkout\/cs_test_/, { timeout: WAIT_LIMIT_MS });
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/payment-cancelled\?case_id=/);
    const caseId = new URL(page.url()).searchParams.get('case_id')!;
    const status = await fetch(url(pathOf(caseContracts.getCaseStatus, { caseId })));
    expect(((await status.json()) as { status: string }).status).toBe('awaiting_payment');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const text = await page.locator('body').innerText();
    expect(text).toMatch(/no charge/i);
    expect(text).toMatch(/24 hours/);
    await page.getByRole('link', { name: 'Try Payment Again' }).waitFor();
    await page.getByRole('link', { name: 'Start New Request' }).waitFor();
    // The second version of the page (spec doc 1 §2): Start Over, Contact Support (mailto, the
    // configured address), common solutions, the emergency line and the billing contact.
    const supportEmail = stack.handlerEnvironment.SUPPORT_EMAIL!;
    const reasons = page.getByRole('region', { name: 'Possible Reasons' });
    const contact = reasons.getByRole('link', { name: 'Contact Support' });
    await contact.waitFor();
    expect(await contact.getAttribute('href')).toBe(`mailto:${supportEmail}`);
    expect(await reasons.getByRole('link', { name: 'Start Over' }).getAttribute('href')).toBe(
      '/patient-telehealth',
    );
    const solutions = await page.getByRole('region', { name: 'Common Solutions' }).innerText();
    for (const title of ['Card declined', 'Slow payment', 'Other methods']) {
      expect(solutions).toContain(title);
    }
    const help = page.getByRole('region', { name: 'Need Help?' });
    expect(
      await help.getByRole('link', { name: 'Call 911 for emergencies' }).getAttribute('href'),
    ).toBe('tel:911');
    expect(await help.innerText()).toContain(`Billing contact: ${supportEmail}`);
    await expectNoAxeViolations(page);
    await reasons.getByRole('link', { name: 'Start Over' }).click();
    await page.waitForURL(url('/patient-telehealth'));
    await page.close();
  });

  it('refuses a file over 10 MB and a file of the wrong type with the spec toasts', async () => {
    const page = await newPage(browser());
    await page.goto(url('/patient'));
    const input = page.locator('input[type="file"]').first();
    await input.setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25),
    });
    await expect.poll(() => notification(page).innerText()).toContain('File Too Large');
    expect(await notification(page).innerText()).toContain(
      'scan.pdf is larger than 10MB. Please choose a smaller file.',
    );
    await input.setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await expect.poll(() => notification(page).innerText()).toContain('Invalid File Type');
    expect(await notification(page).innerText()).toContain(
      'tool.exe is not a supported file type. Please upload images, PDFs, or documents.',
    );
    await page.close();
  });
});

describe('missing ids', () => {
  it.each([
    ['/payment-choice', '/patient', true],
    ['/stripe-payment', '/patient-telehealth', true],
    ['/payment-processing', '/patient', false],
    ['/payment-success', '/patient-telehealth', false],
    ['/visit', '/patient-telehealth', false],
    ['/feedback', '/patient', false],
  ])('%s redirects to %s', async (from, to, toast) => {
    const page = await newPage(browser());
    await page.goto(url(from));
    if (toast) {
      await expect.poll(() => notification(page).innerText()).toContain('Missing Case ID');
      expect(await notification(page).innerText()).toContain('Redirecting to form...');
    }
    await page.waitForURL(url(to), { timeout: WAIT_LIMIT_MS });
    await page.close();
  });

  it('shows the invalid visit link view for an unknown case', async () => {
    const page = await newPage(browser());
    await page.goto(url('/visit/3f1c2a7e-2a53-4c1f-9a4e-3f2b1c0d9e8a'));
    await page.getByText('Invalid Visit Link').waitFor();
    expect(await page.locator('body').innerText()).toContain(
      'This visit link is not valid or has expired',
    );
    await page.getByRole('link', { name: 'Start New Consultation' }).waitFor();
    await expectNoAxeViolations(page);
    await page.close();
  });
});
