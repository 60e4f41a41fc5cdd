import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseStatusResponse } from '@shared/cases/api';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import * as patientContracts from '@shared/patients/contracts';
import { DEPENDENCY_FAILURE_MESSAGE } from '#core/dependency-failure';
import { env } from '#core/env';
import { webDistDir } from '../config';
import { newCaseId } from '../testing/patient-journey';
import { useTestStack } from '../testing/stack-context';
import type { Release } from './admission';
import { LocalScheduler } from './scheduler';
import { startGateway, type Gateway } from './server';

/**
 * Issue 12 item 3: past its admission limit the gateway answers 503 with `Retry-After` at once,
 * and what it admitted still completes. A gateway of its own, in this worker, with a limit of
 * 2 running and 2 waiting, so the test can hold the slots itself: the counts are exact and
 * nothing depends on timing. Its handlers use the suite's DynamoDB Local.
 */
const stack = useTestStack();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'telehealth-shedding-'));
let gateway: Gateway;
let caseId: string;

beforeAll(async () => {
  caseId = await newCaseId(stack);
  gateway = await startGateway({
    port: 0,
    web: { mode: 'dist', root: webDistDir },
    siteHeaders: {},
    // No schedules here: this gateway serves a few status reads.
    scheduler: new LocalScheduler(dataDir, async () => {}),
    originVerifySecret: env.originVerifySecret!,
    admission: { maxInFlight: 2, maxQueued: 2, maxWaitMs: 60_000, maxEventLoopDelayMs: 0 },
  });
});

afterAll(async () => {
  await gateway.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const statusOf = () => fetch(new URL(pathOf(caseContracts.getCaseStatus, { caseId }), gateway.url));

describe('local gateway: load shedding', () => {
  it('refuses requests past the limit at once with 503 and Retry-After, and loses none it took', async () => {
    // Two invocations running (held by the test) fill the gate.
    const held = [await gateway.admission.acquire(), await gateway.admission.acquire()];
    expect(held.every(Boolean)).toBe(true);

    // Two more wait for a slot...
    const waiting = [statusOf(), statusOf()];
    await expect.poll(() => gateway.admission.load.waiting).toBe(2);

    // ...and the rest are refused while the slots are still held: they never waited for one.
    const refused = await Promise.all(Array.from({ length: 10 }, statusOf));
    expect(refused.map((response) => response.status)).toEqual(Array(10).fill(503));
    for (const response of refused) {
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.get('x-request-id')).toBeTruthy();
      expect(await response.json()).toEqual({ message: DEPENDENCY_FAILURE_MESSAGE });
    }
    expect(gateway.admission.refused).toBe(10);
    expect(gateway.admission.load).toEqual({ inFlight: 2, waiting: 2 });

    // The slots free up: both waiting requests run and answer as usual.
    for (const release of held) (release as Release)();
    const answers = await Promise.all(waiting);
    expect(answers.map((response) => response.status)).toEqual([200, 200]);
    for (const response of answers) {
      const body = (await response.json()) as CaseStatusResponse;
      expect(body).toMatchObject({ caseId, status: 'awaiting_payment' });
    }
    expect(gateway.admission.load).toEqual({ inFlight: 0, waiting: 0 });
    expect(gateway.admission.refused).toBe(10);
  });

  it('refuses before the handler runs, and never queues more than its limit', async () => {
    const held = [await gateway.admission.acquire(), await gateway.admission.acquire()];
    const waiting = [statusOf(), statusOf()];
    await expect.poll(() => gateway.admission.load.waiting).toBe(2);
    const refusedBefore = gateway.admission.refused;

    // A body the handler would answer 400: a 503 proves the handler never saw it.
    const intake = await fetch(new URL(pathOf(patientContracts.createPatient, {}), gateway.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(intake.status).toBe(503);
    expect(intake.headers.get('retry-after')).toBe('5');
    expect(await intake.json()).toEqual({ message: DEPENDENCY_FAILURE_MESSAGE });

    // Fifty more at once: every one refused, none added to the queue.
    const burst = await Promise.all(Array.from({ length: 50 }, statusOf));
    expect(burst.map((response) => response.status)).toEqual(Array(50).fill(503));
    await Promise.all(burst.map((response) => response.arrayBuffer()));
    expect(gateway.admission.load).toEqual({ inFlight: 2, waiting: 2 });
    expect(gateway.admission.refused).toBe(refusedBefore + 51);

    for (const release of held) (release as Release)();
    const answers = await Promise.all(waiting);
    expect(answers.map((response) => response.status)).toEqual([200, 200]);
    await Promise.all(answers.map((response) => response.arrayBuffer()));
  });

  it('does not count the site: pages are served while the API is saturated', async () => {
    const held = [await gateway.admission.acquire(), await gateway.admission.acquire()];
    const refusedBefore = gateway.admission.refused;
    // The built app, or the "not built yet" page of an API-only run: either way not refused.
    const page = await fetch(new URL('/', gateway.url));
    expect(page.headers.get('retry-after')).toBeNull();
    expect(page.headers.get('content-type')).not.toContain('application/json');
    await page.arrayBuffer();
    expect(gateway.admission.refused).toBe(refusedBefore);
    for (const release of held) release?.();
  });
});
