import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/stack';
import { openAlertSocket, requestTicket, type AlertSocket } from '#local/testing/alert-socket';
import { claimCase } from '#local/testing/consultation-journey';
import { startOwnStack } from '#local/testing/own-stack';
import { newPaidCaseId, patientFetch } from '#local/testing/patient-journey';
import { pollUntil } from '#local/testing/poll';
import { signInProvider, type SignedInProvider } from '#local/testing/provider-journey';
import { expectNoAxeViolations, holdPatientKey, launchFakeMediaBrowser, newPage } from './browser';
import { useBrowser } from './use-browser';
import { getCaseWait } from '@shared/cases/contracts';
import { queuePlaceText, waitEstimateText, type CaseWaitResponse } from '@shared/cases/queue-wait';
import {
  DEFAULT_MEDIAN_CLAIM_DELAY_MINUTES,
  DEFAULT_MEDIAN_CONSULTATION_MINUTES,
  estimateWait,
} from '@shared/cases/wait-estimate';
import { pathOf } from '@shared/http/contract';

/**
 * The waiting room's place and estimate, pushed (issue 28 item 5), in Chromium, on a stack of
 * this file's own: its queue holds only these cases and no consultation has been measured, so
 * the first estimate is the one the default medians give. One doctor is on duty (a dashboard socket
 * that beats). The second patient's page shows number 2; the first case is claimed; the page
 * shows number 1 and a smaller range, by push, without a reload.
 */
let stack: RunningStack;
let stopStack: (() => Promise<void>) | undefined;
let doctor: SignedInProvider;
let dashboard: AlertSocket | undefined;

// Hooks run in order, and after hooks in reverse: the stack starts first and stops last.
beforeAll(async () => {
  ({ stack, stop: stopStack } = await startOwnStack('e2e-wait'));
}, 120_000);
afterAll(async () => {
  await stopStack?.();
});
const browser = useBrowser(launchFakeMediaBrowser);
beforeAll(async () => {
  doctor = await signInProvider(stack);
  dashboard = await openAlertSocket(stack, await requestTicket(stack, doctor));
  dashboard.socket.send(JSON.stringify({ action: 'heartbeat', usedAt: new Date().toISOString() }));
});
afterAll(async () => {
  // Closed before the stack stops, so its `$disconnect` still finds the table.
  dashboard?.socket.close();
  await dashboard?.closed;
});

/** The estimate of a case with `aheadInQueue` cases ahead, one doctor, the default medians. */
const estimateText = (aheadInQueue: number) => {
  const estimate = estimateWait({
    aheadInQueue,
    doctorsOnDuty: 1,
    medianConsultationMinutes: DEFAULT_MEDIAN_CONSULTATION_MINUTES,
    medianClaimDelayMinutes: DEFAULT_MEDIAN_CLAIM_DELAY_MINUTES,
  });
  if (!estimate) throw new Error('one doctor on duty gives an estimate');
  return waitEstimateText(estimate);
};

/** The QUEUE_MOVED frames the page's case socket received. */
function recordQueueMoves(page: Page, caseId: string): { moves: number } {
  const seen = { moves: 0 };
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type?: string; caseId?: string };
      if (message.type === 'QUEUE_MOVED' && message.caseId === caseId) seen.moves += 1;
    });
  });
  return seen;
}

describe('the waiting room', () => {
  it('shows the place and the estimate, and moves up when the case ahead is claimed', async () => {
    const first = await newPaidCaseId(stack);
    const second = await newPaidCaseId(stack);
    // The doctor's heartbeat has landed: the server counts them on duty.
    await pollUntil('the doctor on duty', async () => {
      const response = await patientFetch(stack, second, pathOf(getCaseWait, { caseId: second }));
      return ((await response.json()) as CaseWaitResponse).doctorsOnDuty === 1 ? true : undefined;
    });

    const page = await newPage(browser());
    await holdPatientKey(page, [second]);
    const pushed = recordQueueMoves(page, second);
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(`${stack.appUrl}/visit/${second}`);
    const place = page.getByTestId('queue-place');
    await place.getByText(queuePlaceText(2), { exact: true }).waitFor({ timeout: 15_000 });
    await place.getByText(estimateText(1), { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await claimCase(stack, doctor, first);
    await place.getByText(queuePlaceText(1), { exact: true }).waitFor({ timeout: 15_000 });
    // Smaller: next in line. (The claim's delay is now a sample of its own, so the medians are
    // no longer the defaults: the new range is read from the page, not recomputed.)
    const estimateLine = place.getByText(/^Estimated wait: \d+–\d+ minutes$/);
    await estimateLine.waitFor();
    const highOf = (text: string) => Number(/–(\d+) minutes/.exec(text)?.[1]);
    expect(highOf((await estimateLine.textContent()) ?? '')).toBeLessThan(highOf(estimateText(1)));
    expect(pushed.moves).toBeGreaterThan(0);
    expect(loads).toBe(1);
    await page.close();
  });
});
