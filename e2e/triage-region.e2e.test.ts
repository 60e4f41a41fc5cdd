import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCaseRow } from '@shared/admin/case-rows';
import * as adminContracts from '@shared/admin/contracts';
import type { ClientConfig } from '@shared/config/client-config';
import { getClientConfig } from '@shared/config/contracts';
import { pathOf } from '@shared/http/contract';
import type { RunningStack } from '#local/stack';
import { createCaseA } from '#local/testing/patient-journey';
import { adminPages, adminToken } from '#local/testing/provider-journey';
import { appFetch } from '#local/testing/stack-context';
import { startOwnStack } from '#local/testing/own-stack';
import { answerSecondFactor, expectNoAxeViolations, newPage } from './browser';
import { useBrowser } from './use-browser';

/**
 * Issue 13 item 1: a stack of its own started with `TRIAGE_REGION=sub-saharan` (the suite's
 * shared stack keeps the default region). A routine text that names malaria is urgent in the
 * browser's analysis and in the priority the server stores, and the admin panel says which
 * region is in effect.
 */
const MALARIA = 'I think I have malaria';

let stack: RunningStack;
let stopStack: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ stack, stop: stopStack } = await startOwnStack('e2e-region', { triageRegion: 'sub-saharan' }));
});
afterAll(async () => {
  await stopStack?.();
});
// After the stack's hooks, so closed before the stack stops: after hooks run in reverse.
const browser = useBrowser();

const url = (pathname: string) => `${stack.appUrl}${pathname}`;

describe('TRIAGE_REGION=sub-saharan', () => {
  it('is served in the client configuration', async () => {
    const response = await appFetch(stack, pathOf(getClientConfig, {}));
    expect(response.status).toBe(200);
    expect(((await response.json()) as ClientConfig).triageRegion).toBe('sub-saharan');
  });

  it('makes the intake’s analysis of a malaria text urgent', async () => {
    const page = await newPage(browser());
    await page.goto(url('/patient-telehealth'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByLabel(/describe your symptoms/i).fill(MALARIA);
    const check = page.getByRole('region', { name: 'Symptom check' });
    await expect.poll(() => check.getAttribute('data-urgency')).toBe('urgent');
    expect(await check.getByText('Urgent', { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('makes the server store a malaria case as urgent, a headache case as routine', async () => {
    const stamp = Date.now();
    const cases = { urgent: `Ama Malaria ${stamp}`, routine: `Kofi Headache ${stamp}` };
    for (const [name, triageSummary] of [
      [cases.urgent, MALARIA],
      [cases.routine, 'Mild headache since this morning'],
    ] as const) {
      const response = await createCaseA(stack, { name, triageSummary, email: 'ama@example.org' });
      expect(response.status).toBe(201);
    }
    const pages = await adminPages<AdminCaseRow>(
      stack,
      await adminToken(stack),
      pathOf(adminContracts.adminListCases, {}),
    );
    const rows = pages.flatMap((page) => page.items);
    const priorityOf = (name: string) => rows.find((row) => row.patientName === name)?.priority;
    expect(priorityOf(cases.urgent)).toBe('urgent');
    expect(priorityOf(cases.routine)).toBe('routine');
  });

  it('is named on the admin panel’s System Status card', async () => {
    const page = await newPage(browser());
    await page.goto(url('/admin'));
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByLabel('Password').press('Enter');
    // This stack's admin: enrolled by the helpers' first sign-in, or here in the page.
    await answerSecondFactor(page, stack, 'admin', stack.admin.username);
    const card = page.getByRole('heading', { name: 'System Status' });
    await card.waitFor();
    const region = page.getByTestId('triage-region');
    await expect.poll(() => region.innerText()).toBe('Triage region: Sub-Saharan Africa');
    await page.close();
  });
});
