import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takePermissionDenials } from '#local/gateway/permission-check';
import type { RunningStack } from '#local/stack';
import { openAlertSocket, requestTicket, type AlertSocket } from '#local/testing/alert-socket';
import { openCaseSocket, queueMoves } from '#local/testing/case-socket';
import { claimCase, patientEntersRoom, startTimer } from '#local/testing/consultation-journey';
import { startOwnStack } from '#local/testing/own-stack';
import {
  caseWait,
  newCaseId,
  newPaidCaseIds,
  patientHeaders,
} from '#local/testing/patient-journey';
import { pollUntil } from '#local/testing/poll';
import {
  providerFetch,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { appFetch } from '#local/testing/stack-context';
import { getCaseBundle } from '#db/cases/bundle';
import { recordWaitEstimateAtPayment } from '#db/cases/payment';
import { addWaitSample, readWaitStats } from '#db/wait-stats';
import * as caseContracts from '@shared/cases/contracts';
import { estimateWait } from '@shared/cases/wait-estimate';
import { pathOf } from '@shared/http/contract';
import * as meetingContracts from '@shared/meetings/contracts';

/**
 * The honest wait (issue 28 item 5) on a stack of this file's own: its queue holds only this
 * file's cases, so places are exact. Every wait polls for the outcome; nothing is timed.
 */
const WAIT_PROMISE_MINUTES = 45;

let stack: RunningStack;
let stop: () => Promise<void>;
let doctor: SignedInProvider;
let dashboard: AlertSocket | undefined;
/** Cases a test left waiting: the next one takes them out of the queue first. */
let leftWaiting: string[] = [];

beforeAll(async () => {
  ({ stack, stop } = await startOwnStack('wait-estimate', {
    maxActiveClaims: 100,
    waitPromiseMinutes: WAIT_PROMISE_MINUTES,
  }));
  doctor = await signInProvider(stack);
}, 120_000);
afterAll(async () => {
  // Closed before the stack stops, so its `$disconnect` still finds the table.
  dashboard?.socket.close();
  await dashboard?.closed;
  await stop?.();
  // This stack runs in this worker: a call the local IAM check refused fails the file.
  expect(takePermissionDenials()).toEqual([]);
});

const waitPath = (caseId: string) => pathOf(caseContracts.getCaseWait, { caseId });

const waitOf = (caseId: string) => caseWait(stack, caseId);

/** The stored estimate given at payment, once the write after the paid transaction landed. */
const storedEstimate = (caseId: string) =>
  pollUntil(`estimate of ${caseId} stored`, async () => {
    const bundle = await getCaseBundle(caseId);
    return bundle?.case.waitEstimateAtPayment ?? undefined;
  });

async function endCall(caseId: string): Promise<void> {
  const response = await providerFetch(
    stack,
    doctor,
    pathOf(meetingContracts.endMeeting, { caseId }),
    { method: 'POST' },
  );
  expect(response.status).toBe(200);
}

describe('GET /api/cases/{caseId}/wait', () => {
  it("answers only the holder of the case's patient key", async () => {
    const [caseId, otherId] = await Promise.all([newCaseId(stack), newCaseId(stack)]);
    expect((await appFetch(stack, waitPath(caseId))).status).toBe(403);
    const withOtherKey = await appFetch(stack, waitPath(caseId), {
      headers: patientHeaders(otherId),
    });
    expect(withOtherKey.status).toBe(403);
    // An unpaid case waits in no queue.
    expect(await waitOf(caseId)).toEqual({
      place: null,
      aheadInQueue: 0,
      doctorsOnDuty: 0,
      estimate: null,
      waitPromiseMinutes: WAIT_PROMISE_MINUTES,
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await appFetch(stack, waitPath(unknown))).status).toBe(404);
  });

  it('gives a place but no estimate with nobody on duty, and stores none at payment', async () => {
    const before = await readWaitStats();
    const [caseId] = await newPaidCaseIds(stack, 1);
    expect(await waitOf(caseId!)).toMatchObject({ place: 1, doctorsOnDuty: 0, estimate: null });
    expect((await getCaseBundle(caseId!))?.case.waitEstimateAtPayment).toBeNull();

    // Its call leaves the queue; a start without an estimate at payment is not judged, and the
    // claim's delay and the call's length are samples.
    await claimCase(stack, doctor, caseId!);
    await patientEntersRoom(stack, doctor, caseId!);
    await startTimer(stack, doctor, caseId!);
    await endCall(caseId!);
    const after = await readWaitStats();
    expect(after.accuracy).toEqual(before.accuracy);
    expect(after.claimDelayMinutes).toHaveLength(before.claimDelayMinutes.length + 1);
    expect(after.consultationMinutes).toHaveLength(before.consultationMinutes.length + 1);
    expect(await waitOf(caseId!)).toMatchObject({ place: null, estimate: null });
  });

  it('counts a doctor whose dashboard beats as on duty', async () => {
    dashboard = await openAlertSocket(stack, await requestTicket(stack, doctor));
    dashboard.socket.send(
      JSON.stringify({ action: 'heartbeat', usedAt: new Date().toISOString() }),
    );
    const caseId = await newCaseId(stack);
    const onDuty = await pollUntil('the doctor on duty', async () => {
      const { doctorsOnDuty } = await waitOf(caseId);
      return doctorsOnDuty > 0 ? doctorsOnDuty : undefined;
    });
    expect(onDuty).toBe(1);
  });

  it('moves the cases behind up when the case ahead is claimed, and tells their pages', async () => {
    // The earlier test's call and claim took seconds: with three more samples each of 15 and 2
    // minutes, the medians read 15 and 2 (the samples are the estimate's inputs).
    for (let index = 0; index < 3; index += 1) {
      await addWaitSample('consultation', 15);
      await addWaitSample('claimDelay', 2);
    }
    const expected = (aheadInQueue: number) =>
      estimateWait({
        aheadInQueue,
        doctorsOnDuty: 1,
        medianConsultationMinutes: 15,
        medianClaimDelayMinutes: 2,
      });
    const [first, second, third] = await newPaidCaseIds(stack, 3);
    leftWaiting = [second!, third!];
    const waits = await Promise.all([first!, second!, third!].map(waitOf));
    expect(waits.map((wait) => [wait.place, wait.aheadInQueue])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
    expect(waits.map((wait) => wait.estimate)).toEqual([expected(0), expected(1), expected(2)]);
    const highs = waits.map((wait) => wait.estimate!.highMinutes);
    // The estimate given at payment is the one the page showed then.
    expect(await storedEstimate(second!)).toEqual(waits[1]!.estimate);

    const [secondPage, thirdPage] = await Promise.all([
      openCaseSocket(stack, second!),
      openCaseSocket(stack, third!),
    ]);
    try {
      const samples = (await readWaitStats()).claimDelayMinutes.length;
      await claimCase(stack, doctor, first!);
      // The fan-out worker tells the pages after the claim has answered, and a pass that began
      // before it (the payments' or the sockets' opening) may tell them their old place first:
      // so the wait is for the last thing each page heard to be what the route answers now.
      const [nowSecond, nowThird] = await pollUntil(
        'QUEUE_MOVED on the waiting pages with the answer of the route',
        async () => {
          const now = await Promise.all([second!, third!].map(waitOf));
          const heard = [
            queueMoves(secondPage, second!).at(-1)?.wait,
            queueMoves(thirdPage, third!).at(-1)?.wait,
          ];
          return isDeepStrictEqual(heard, now) ? now : undefined;
        },
        { intervalMs: 200 },
      );
      expect(await waitOf(first!)).toMatchObject({ place: null, estimate: null });
      expect([nowSecond!.place, nowThird!.place]).toEqual([1, 2]);
      expect(nowSecond!.estimate!.highMinutes).toBeLessThan(highs[1]!);
      expect((await readWaitStats()).claimDelayMinutes).toHaveLength(Math.min(samples + 1, 51));
    } finally {
      secondPage.socket.close();
      thirdPage.socket.close();
    }
  });

  it('judges the estimate given at payment when the call starts, once', async () => {
    // An empty queue: the first case is next, and starts at once, within its estimate.
    for (const caseId of leftWaiting) await claimCase(stack, doctor, caseId);
    const [onTime, late] = await newPaidCaseIds(stack, 2);
    await storedEstimate(onTime!);
    // A start far outside its estimate: the case said 60–90 minutes and starts within one.
    await storedEstimate(late!);
    const paidAt = (await getCaseBundle(late!))!.case.paidAt!;
    await recordWaitEstimateAtPayment(late!, paidAt, { lowMinutes: 60, highMinutes: 90 });

    const before = (await readWaitStats()).accuracy;
    for (const caseId of [onTime!, late!]) {
      await claimCase(stack, doctor, caseId);
      await patientEntersRoom(stack, doctor, caseId);
      await startTimer(stack, doctor, caseId);
      // A repeated start answers the same call and is not counted again.
      await startTimer(stack, doctor, caseId);
    }
    expect((await readWaitStats()).accuracy).toEqual({
      within: before.within + 1,
      total: before.total + 2,
    });
    await Promise.all([endCall(onTime!), endCall(late!)]);
  });
});
