import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCaseA, postJson } from '#local/testing/patient-journey';
import {
  apply,
  applicationFields,
  latestEmailTo,
  passwordFrom,
} from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { answerSecondFactor, expectNoAxeViolations, newPage } from './browser';
import { useBrowser } from './use-browser';
import * as adminContracts from '@shared/admin/contracts';
import { pathOf } from '@shared/http/contract';
import * as providerContracts from '@shared/providers/contracts';

const stack = useTestStack();
const browser = useBrowser();

const url = (path: string) => `${stack.appUrl}${path}`;
const notification = (page: Page) => page.getByRole('region', { name: /Notification/ });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function fillApplication(page: Page, fields: ReturnType<typeof applicationFields>) {
  await page.goto(url('/provider/apply'));
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByLabel('Full Name').fill(fields.fullName);
  await page.getByLabel('Email Address').fill(fields.email);
  await page.getByLabel('Phone Number').fill(fields.phoneNumber);
  await page.getByLabel('Medical License Number').fill(fields.medicalLicenseNumber);
  await page.getByLabel('License State').selectOption(fields.licenseState);
  await page.getByLabel('Specialization').selectOption(fields.specialization);
  await page.getByLabel('Years of Experience').fill(String(fields.yearsExperience));
  await page.getByLabel('Hospital Affiliation').fill(fields.hospitalAffiliation);
  await page.getByLabel('Medical School').fill(fields.medicalSchool);
  await page.getByLabel('Graduation Year').fill(String(fields.graduationYear));
  const files = page.locator('input[type="file"]');
  await files
    .nth(0)
    .setInputFiles({ name: 'license.pdf', mimeType: 'application/pdf', buffer: PDF });
  await files.nth(1).setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG });
}

async function signInAsAdmin(page: Page) {
  await page.goto(url('/admin'));
  await page.getByLabel('Username').fill(stack.admin.username);
  await page.getByLabel('Password').fill(stack.admin.password);
  await page.getByLabel('Password').press('Enter');
  await answerSecondFactor(page, stack, 'admin', stack.admin.username, stack.admin.totpSecret);
  await page.getByText('Total Applications').waitFor();
}

async function openReview(page: Page, fullName: string) {
  await page.getByRole('tab', { name: /Applications/ }).click();
  await page.getByPlaceholder('Name, email or specialization').fill(fullName);
  await page.getByRole('button', { name: `Review ${fullName}` }).click();
  return page.getByRole('dialog');
}

describe('admin sign-in', () => {
  it('answers Enter on blank fields with the spec message and sends nothing', async () => {
    const page = await newPage(browser());
    const loginPath = pathOf(adminContracts.adminLogin, {});
    const signIns: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === loginPath) signIns.push(request.method());
    });
    await page.goto(url('/admin'));
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await signIn.waitFor();
    expect(await signIn.isDisabled()).toBe(true);

    await page.getByLabel('Username').focus();
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await alert.waitFor();
    expect(await alert.innerText()).toBe('Please enter both username and password');

    // Whitespace only is blank too: the button stays disabled and Enter still only explains.
    // On a fresh form, so the message read below is this Enter's, not the one above's.
    await page.reload();
    await signIn.waitFor();
    await page.getByLabel('Username').fill('   ');
    await page.getByLabel('Password').fill(stack.admin.password);
    expect(await signIn.isDisabled()).toBe(true);
    expect(await alert.count()).toBe(0);
    await page.getByLabel('Password').press('Enter');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('Please enter both username and password');
    await expectNoAxeViolations(page);

    // Filling the field clears the message and lets a real sign-in through: the listener sees it.
    await page.getByLabel('Username').fill(stack.admin.username);
    expect(await signIn.isDisabled()).toBe(false);
    await page.getByLabel('Password').press('Enter');
    await answerSecondFactor(page, stack, 'admin', stack.admin.username, stack.admin.totpSecret);
    await page.getByText('Total Applications').waitFor();
    expect(signIns).toEqual(['POST']);
    await page.close();
  });
});

describe('provider sign-in', () => {
  it("answers Enter on a blank field with 'Login Required' and sends nothing, as the admin's does", async () => {
    const page = await newPage(browser());
    const loginPath = pathOf(providerContracts.providerLogin, {});
    const signIns: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === loginPath) signIns.push(request.method());
    });
    await page.goto(url('/provider-dashboard'));
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await signIn.waitFor();
    expect(await signIn.isDisabled()).toBe(true);

    // Sign In is disabled, so the browser sends no submit: the form's key listener explains.
    await page.getByLabel('Email').fill('doctor@example.org');
    await page.getByLabel('Email').press('Enter');
    await page.getByText('Login Required').first().waitFor();
    expect(await page.getByText('Please enter both email and password').count()).toBeGreaterThan(0);
    expect(signIns).toEqual([]);
    await page.close();
  });
});

describe('a doctor applies and an administrator approves', () => {
  it('goes from application to a provider sign-in, audited and exported', async () => {
    const fields = applicationFields({ fullName: `Dr. E2E ${Date.now()}` });
    const page = await newPage(browser());
    await fillApplication(page, fields);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page
      .getByText(/APP-[0-9A-Z]{4}-[0-9A-Z]{4}/)
      .first()
      .waitFor({ timeout: 20_000 });
    const applicationId = /APP-([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(
      await page.locator('main').innerText(),
    )![1]!;
    // Each document is presigned, sent to storage and confirmed: leave only once all arrived.
    await page.getByText('All documents uploaded.').waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page);

    await page.goto(url(`/provider/status?id=APP-${applicationId}`));
    await page.getByText('Under Review').first().waitFor();
    expect(await page.locator('main').innerText()).toContain('1-2 business days');
    await expectNoAxeViolations(page);

    await signInAsAdmin(page);
    await expectNoAxeViolations(page);
    const dialog = await openReview(page, fields.fullName);
    expect(await dialog.innerText()).toContain('Not provided');
    await dialog.getByRole('button', { name: /license\.pdf/ }).click();
    const viewer = page.getByRole('dialog', { name: /license\.pdf/ });
    const frame = viewer.locator('iframe');
    await frame.waitFor();
    const pdfUrl = await frame.getAttribute('src');
    expect(await (await fetch(pdfUrl!)).text()).toContain('%PDF-1.4');
    await expectNoAxeViolations(page);
    await viewer.getByRole('button', { name: 'Close' }).first().click();
    await page.getByLabel('Administrative Notes').fill('License verified with the state board');
    await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => notification(page).innerText()).toMatch(/Approved/);

    const password = passwordFrom(await latestEmailTo(stack, fields.email));
    // The emailed password passes the password step (the second factor is enrolled next).
    const login = await postJson(stack, pathOf(providerContracts.providerLogin, {}), {
      email: fields.email,
      password,
    });
    expect(login.status).toBe(200);

    await page.getByRole('tab', { name: /Audit Logs/ }).click();
    await expect
      .poll(() => page.getByRole('tabpanel').innerText())
      .toContain(`APP-${applicationId}`);
    expect(await page.getByRole('tabpanel').innerText()).toMatch(/Approved/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Export CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe(
      '"Timestamp","Action","Application ID","Admin ID","Previous Status","New Status","Notes","Log ID","Actor Role","Actor ID","Case IDs","Request ID"',
    );
    expect(csv).toContain('"APPROVED"');
    await expect.poll(() => notification(page).innerText()).toContain('Export Complete');
    await page.close();
  });

  it('rejects a second application with notes, and the doctor hears of it', async () => {
    const { applicationId, email, fields } = await apply(stack, {
      fullName: `Dr. Reject ${Date.now()}`,
    });
    const page = await newPage(browser());
    await signInAsAdmin(page);
    await openReview(page, fields.fullName);
    await page.getByLabel('Administrative Notes').fill('Board certificate expired');
    await page.getByRole('dialog').getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => notification(page).innerText()).toContain('Application Rejected');
    expect(await notification(page).innerText()).toContain(
      'The application has been rejected and the doctor has been notified.',
    );
    expect((await latestEmailTo(stack, email))?.body.text).toContain('Board certificate expired');

    // The applicant's id shows the rejection's notes (spec doc 2 §4 "rejected (notes shown)").
    await page.goto(url(`/provider/status?id=APP-${applicationId}`));
    const notes = page.getByRole('region', { name: 'Reviewer Notes' });
    await notes.waitFor();
    expect(await notes.innerText()).toContain('Board certificate expired');
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('shows Account Already Exists for an email that already applied', async () => {
    const existing = await apply(stack);
    const page = await newPage(browser());
    await fillApplication(page, applicationFields({ email: existing.email }));
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Account Already Exists' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      'You already have an account registered with this email address. Please check your email for your login credentials or contact support if you need assistance.',
    );
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await page.close();
  });
});

/**
 * Shows `text` in the open tab's paged list, reading on with Load more as an admin would: the
 * files beside this one add cases to the same stack, so a new one may be past the first page.
 */
async function showInPagedList(page: Page, text: string): Promise<void> {
  const shown = page.getByText(text).first();
  const loadMore = page.getByRole('button', { name: 'Load more', exact: true });
  const rows = page.getByRole('tabpanel').getByRole('row');
  await shown.or(loadMore).first().waitFor();
  while (!(await shown.isVisible())) {
    const before = await rows.count();
    await loadMore.click();
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(before);
  }
}

describe('who read patient data (issue 25 item 5)', () => {
  it("shows the admin's read of the case overview in the Audit Logs tab and its CSV, with no patient data", async () => {
    const patient = {
      name: `Audit Reader ${Date.now()}`,
      triageSummary: 'Swollen left knee after a fall',
      email: `audit-${Date.now()}@example.org`,
    };
    const created = await createCaseA(stack, patient);
    expect(created.status).toBe(201);
    const { caseId } = (await created.json()) as { caseId: string };

    const page = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Cases', exact: true }).click();
    await showInPagedList(page, patient.name);
    await page.getByRole('tab', { name: /Audit Logs/ }).click();
    await expect
      .poll(() => page.getByRole('tabpanel').innerText())
      .toContain('Patient Cases Viewed');
    expect(await page.getByRole('tabpanel').innerText()).toContain(caseId);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Export CSV/ }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    const row = csv.split('\r\n').find((line) => line.includes(caseId));
    expect(row).toMatch(/^"[^"]+","ADMIN_CASES_VIEWED",.*,"admin","[^"]+","[^"]*","[^"]+"$/);
    for (const value of Object.values(patient)) expect(csv).not.toContain(value);
    await page.close();
  });
});
