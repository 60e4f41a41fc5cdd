import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takePermissionDenials } from '#local/gateway/permission-check';
import type { RunningStack } from '#local/stack';
import { expectCaseUpdate, openCaseSocket } from '#local/testing/case-socket';
import {
  claimCase,
  joinLinks,
  patientEntersRoom,
  startTimer,
} from '#local/testing/consultation-journey';
import { startOwnStack } from '#local/testing/own-stack';
import {
  caseStatus,
  newPaidCaseId,
  patientHeaders,
  postJson,
} from '#local/testing/patient-journey';
import { pollUntil } from '#local/testing/poll';
import {
  providerFetch,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { enterRoom } from '#local/testing/room-socket';
import { getCaseBundle } from '#db/cases/bundle';
import { completedCaseCount } from '#db/case-counters';
import { createLogger } from '#lib/logger';
import { releaseIfProviderAbsent } from './provider-join-check';
import { startMeetingTimer } from './start';
import * as caseContracts from '@shared/cases/contracts';
import { feedbackMessages } from '@shared/cases/feedback';
import type { CaseStatusResponse } from '@shared/cases/api';
import { pathOf } from '@shared/http/contract';
import * as meetingContracts from '@shared/meetings/contracts';

/**
 * Nobody pays for a call that did not happen (issue 27 item 2, docs/adr/0023), on a stack of this
 * file's own: the doctor's join grace is 2 s instead of 180, so the local Scheduler's join check
 * runs within the test. Every wait polls for the outcome; nothing asserts how long it took.
 */
const PROVIDER_JOIN_GRACE_SECONDS = 2;

let stack: RunningStack;
let stop: () => Promise<void>;
let alice: SignedInProvider;
let bob: SignedInProvider;
const log = createLogger({ test: 'no-show' });

beforeAll(async () => {
  ({ stack, stop } = await startOwnStack('no-show', {
    providerJoinGraceSeconds: PROVIDER_JOIN_GRACE_SECONDS,
    maxActiveClaims: 100,
  }));
  [alice, bob] = await Promise.all([signInProvider(stack), signInProvider(stack)]);
}, 120_000);
afterAll(async () => {
  await stop?.();
  // This stack runs in this worker: a call the local IAM check refused fails the file.
  expect(takePermissionDenials()).toEqual([]);
});

const endPath = (caseId: string) => pathOf(meetingContracts.endMeeting, { caseId });

function submitFeedback(caseId: string): Promise<Response> {
  return postJson(
    stack,
    pathOf(caseContracts.submitFeedback, { caseId }),
    { rating: 5, feedback: '' },
    patientHeaders(caseId),
  );
}

/**
 * The status answer once the no-show's authorization is recorded as voided at Stripe (nothing
 * charged, nothing to refund: docs/adr/0024).
 */
function refundedStatus(caseId: string): Promise<CaseStatusResponse> {
  return pollUntil('the no-show released', async () => {
    const status = await caseStatus(stack, caseId);
    return status.money?.state === 'released' ? status : undefined;
  });
}

/** A claimed case whose doctor's room page entered the room (so the doctor joined). */
async function claimedWithDoctorInRoom(provider: SignedInProvider): Promise<string> {
  const caseId = await newPaidCaseId(stack);
  await claimCase(stack, provider, caseId);
  const links = await joinLinks(stack, provider, caseId);
  await enterRoom(stack, links.providerJoinUrl, provider.cookie);
  return caseId;
}

describe('the patient never joins: a no-show, refunded, never sent to feedback', () => {
  it('at the timer’s end: cancelled, refunded once, no completion counted, feedback refused', async () => {
    const caseId = await claimedWithDoctorInRoom(alice);
    const completedBefore = await completedCaseCount(alice.id);
    const socket = await openCaseSocket(stack, caseId);
    // Started two minutes ago for one minute: the local Scheduler runs the end at once.
    const bundle = await getCaseBundle(caseId);
    const started = await startMeetingTimer(
      bundle!,
      alice.id,
      log,
      new Date(Date.now() - 120_000),
      60,
    );
    await expectCaseUpdate(socket, caseId, 'cancelled');
    socket.socket.close();

    const status = await refundedStatus(caseId);
    expect(status).toMatchObject({
      status: 'cancelled',
      callOutcome: 'patient_no_show',
      meeting: { status: 'cancelled', endedAt: started.endsAt, patientJoinUrl: null },
      refund: null,
    });
    const stored = await getCaseBundle(caseId);
    expect(stored?.case).toMatchObject({
      status: 'cancelled',
      callOutcome: 'patient_no_show',
      endedAt: started.endsAt,
    });
    expect(stored?.payments[0]).toMatchObject({
      status: 'voided',
      refund: null,
      settlement: { action: 'void', why: 'patient_no_show' },
    });
    expect(await completedCaseCount(alice.id)).toBe(completedBefore);

    const feedback = await submitFeedback(caseId);
    expect(feedback.status).toBe(409);
    expect(await feedback.json()).toMatchObject({ message: feedbackMessages.noConsultation });
  });

  it("at 'End Call': the same no-show, and End Call again answers the same end", async () => {
    const caseId = await claimedWithDoctorInRoom(alice);
    await startTimer(stack, alice, caseId);
    const ended = await providerFetch(stack, alice, endPath(caseId), { method: 'POST' });
    expect(ended.status).toBe(200);
    const { endedAt } = (await ended.json()) as { endedAt: string };

    expect(await refundedStatus(caseId)).toMatchObject({
      status: 'cancelled',
      callOutcome: 'patient_no_show',
    });
    const again = await providerFetch(stack, alice, endPath(caseId), { method: 'POST' });
    expect(await again.json()).toEqual({ success: true, endedAt });
    expect((await submitFeedback(caseId)).status).toBe(409);
  });

  it('a patient who entered the room has a completed consultation, not a no-show', async () => {
    const caseId = await claimedWithDoctorInRoom(alice);
    await patientEntersRoom(stack, alice, caseId);
    await startTimer(stack, alice, caseId);
    const ended = await providerFetch(stack, alice, endPath(caseId), { method: 'POST' });
    expect(ended.status).toBe(200);
    expect(await caseStatus(stack, caseId)).toMatchObject({
      status: 'completed',
      callOutcome: null,
      refund: null,
    });
    expect((await submitFeedback(caseId)).status).toBe(201);
  });
});

describe('the doctor starts and never joins: the case goes back to the queue', () => {
  it('at the join grace’s end: paid again, the patient told, another doctor claims and starts it', async () => {
    const caseId = await newPaidCaseId(stack);
    await claimCase(stack, alice, caseId);
    const socket = await openCaseSocket(stack, caseId);
    // Started from the dashboard; the doctor's room page never opens.
    await startTimer(stack, alice, caseId);
    await expectCaseUpdate(socket, caseId, 'in_call');
    await expectCaseUpdate(socket, caseId, 'paid');
    socket.socket.close();

    expect(await caseStatus(stack, caseId)).toMatchObject({
      status: 'paid',
      callOutcome: 'provider_no_show',
      claimedBy: null,
      refund: null,
      meeting: { status: 'scheduled', startedAt: null, endsAt: null },
    });
    const stored = await getCaseBundle(caseId);
    expect(stored?.case).toMatchObject({ claimedBy: null, startedAt: null, endsAt: null });

    // Back in the queue: another doctor claims it (the outcome is cleared) and starts afresh.
    await claimCase(stack, bob, caseId);
    expect(await caseStatus(stack, caseId)).toMatchObject({
      status: 'claimed',
      callOutcome: null,
    });
    const links = await joinLinks(stack, bob, caseId);
    await enterRoom(stack, links.providerJoinUrl, bob.cookie);
    const restarted = await startTimer(stack, bob, caseId);
    expect(restarted.meetingId).toBe(stored?.meeting?.id);
    expect(await caseStatus(stack, caseId)).toMatchObject({ status: 'in_call' });
  });

  it('a doctor whose room page entered the call keeps it', async () => {
    const caseId = await claimedWithDoctorInRoom(alice);
    await startTimer(stack, alice, caseId);
    const running = await getCaseBundle(caseId);
    const checked = await releaseIfProviderAbsent(
      {
        check: 'provider_join',
        caseId,
        meetingId: running!.meeting!.id,
        startedAt: running!.case.startedAt!,
      },
      log,
    );
    expect(checked).toEqual({ outcome: 'joined' });
    expect(await caseStatus(stack, caseId)).toMatchObject({ status: 'in_call', callOutcome: null });
  });
});
