import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDoctorApplication } from '#db/doctor-applications';
import { newApplicationRecord } from '#features/doctor-applications/new-application';
import { useTestStack } from '#local/testing/stack-context';
import { expectNoAxeViolations, newPage } from './browser';
import { useBrowser } from './use-browser';

const stack = useTestStack();
const browser = useBrowser();
let page: Page;

const approved = {
  ...newApplicationRecord({
    fullName: 'Dr. E2E Approved',
    email: `e2e-approved-${Date.now()}@example.org`,
    phoneNumber: '5550001234',
    medicalLicenseNumber: 'LIC-E2E-1',
    licenseState: 'WA',
    specialization: 'Dermatology',
    yearsExperience: 9,
    hospitalAffiliation: 'Seattle General',
    medicalSchool: 'UW Medicine',
    graduationYear: 2012,
    boardCertifications: [],
  }),
  status: 'approved' as const,
  reviewedAt: new Date().toISOString(),
};

beforeAll(async () => {
  await insertDoctorApplication(approved);
});

async function openLanding(): Promise<void> {
  page = await newPage(browser());
  await page.goto(stack.appUrl);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The landing is prerendered: its status check works once the app has hydrated it.
  await expect.poll(() => checkButton().isEnabled()).toBe(true);
}

const statusBox = () => page.getByRole('region', { name: 'Check Your Application Status' });
const idField = () => statusBox().getByPlaceholder('APP-XXXX-XXXX');
const checkButton = () => statusBox().getByRole('button');
const notification = () => page.getByRole('region', { name: /Notification/ });

describe('landing page', () => {
  it('shows the spec texts and links, with no accessibility violations', async () => {
    await openLanding();
    const text = await page.locator('body').innerText();
    for (const expected of [
      'Licensed Doctors',
      'Quick Response',
      'FREE Testing',
      'Get Healthcare Help Right Now',
      'Healthcare Providers',
      'Check Your Application Status',
      'How It Works',
      'Tell Us How You Feel',
      'Pay $2.99 Safely',
      'Talk to a Doctor',
    ]) {
      expect(text).toContain(expected);
    }
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Get Healthcare Help Right Now',
    );
    const links: [string, string][] = [
      ['Start TeleHealth Visit', '/patient-telehealth'],
      ['Provider Dashboard', '/provider-dashboard'],
      ['Apply to Join Network', '/provider/apply'],
    ];
    for (const [name, href] of links) {
      expect(await page.getByRole('link', { name }).first().getAttribute('href')).toBe(href);
    }
    await expectNoAxeViolations(page);
    await page.close();
  });
});

describe('application status check', () => {
  it('asks for an id and makes no call when the field is empty', async () => {
    await openLanding();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/doctor-applications/status')) calls.push(request.url());
    });
    await idField().fill('   ');
    await checkButton().click();
    await expect
      .poll(() => notification().innerText())
      .toContain('Please enter your application ID');
    expect(await notification().innerText()).toContain(
      'Enter the application ID you received when applying',
    );
    expect(calls).toEqual([]);
    await page.close();
  });

  it('finds an approved application, green, and clears it when the next id is unknown', async () => {
    await openLanding();
    await idField().fill(`APP-${approved.applicationId}`);
    await idField().press('Enter');
    await expect.poll(() => notification().innerText()).toContain('Application found');
    expect(await notification().innerText()).toContain('Status: approved');
    const result = page.getByTestId('application-status-result');
    expect(await result.getAttribute('data-tone')).toBe('success');
    // Tailwind colours are oklch(); a canvas turns the computed colour into RGB to compare.
    const [red, green] = await result
      .locator('[data-tone="success"]')
      .last()
      .evaluate((badge) => {
        const canvas = document.createElement('canvas');
        const context = canvas.getContext('2d')!;
        context.fillStyle = getComputedStyle(badge).color;
        context.fillRect(0, 0, 1, 1);
        return Array.from(context.getImageData(0, 0, 1, 1).data);
      });
    expect(green).toBeGreaterThan(red! + 40);
    expect(await result.innerText()).toContain(`APP-${approved.applicationId}`);
    expect(await result.innerText()).toMatch(/email/i);
    await expectNoAxeViolations(page);

    await idField().fill('APP-NOPE-0000');
    await checkButton().click();
    await expect.poll(() => notification().innerText()).toContain('Application not found');
    expect(await notification().innerText()).toContain(
      'Please check your application ID and try again',
    );
    expect(await result.count()).toBe(0);
    await page.close();
  });

  it('reads Checking... and is disabled while the lookup runs', async () => {
    await openLanding();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/doctor-applications/status/**', async (route) => {
      await held;
      await route.continue();
    });
    await idField().fill(approved.applicationId);
    await checkButton().click();
    await expect.poll(() => checkButton().innerText()).toBe('Checking...');
    expect(await checkButton().isDisabled()).toBe(true);
    release();
    await expect.poll(() => notification().innerText()).toContain('Application found');
    expect(await checkButton().isDisabled()).toBe(false);
    await page.close();
  });

  it('says Error when the network fails', async () => {
    await openLanding();
    await page.route('**/api/doctor-applications/status/**', (route) => route.abort('failed'));
    await idField().fill('APP-1234');
    await checkButton().click();
    await expect.poll(() => notification().innerText()).toContain('Error');
    expect(await notification().innerText()).toContain(
      'Unable to check application status. Please try again.',
    );
    await page.close();
  });
});

describe('routes', () => {
  it('shows the not-found page for unknown paths, with Go Home and Go Back', async () => {
    page = await newPage(browser());
    await page.goto(stack.appUrl);
    await page.goto(`${stack.appUrl}/no/such/page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(`${stack.appUrl}/`);
    await page.goto(`${stack.appUrl}/also-missing`);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(`${stack.appUrl}/`);
    await page.close();
  });

  it('resolves every route of both route tables to a titled page', async () => {
    page = await newPage(browser());
    const paths = [
      '/patient-telehealth',
      '/patient',
      '/payment-choice?case_id=x',
      '/stripe-payment?case_id=x',
      '/payment-processing?case_id=x',
      '/payment-success?case_id=x',
      '/payment-cancelled',
      '/visit/3f1c2a7e-2a53-4c1f-9a4e-3f2b1c0d9e8a',
      '/feedback/3f1c2a7e-2a53-4c1f-9a4e-3f2b1c0d9e8a',
      '/video-access?patient_id=x',
      '/provider-dashboard',
      '/provider/apply',
      '/provider/status',
      '/admin',
    ];
    for (const path of paths) {
      await page.goto(`${stack.appUrl}${path}`);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(await heading.innerText(), path).not.toBe('Page Not Found');
      expect(await page.title(), path).not.toBe('');
    }
    await page.close();
  });
});
