import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/stack';
import { expectCaseUpdate, openCaseSocket } from '#local/testing/case-socket';
import { claimCase, startTimer } from '#local/testing/consultation-journey';
import { startOwnStack } from '#local/testing/own-stack';
import { caseStatus, newCaseId, newPaidCaseId, payForCase } from '#local/testing/patient-journey';
import { pollUntil } from '#local/testing/poll';
import {
  dashboardCases,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { getCaseBundle } from '#db/cases/bundle';
import { createLogger } from '#lib/logger';
import { stripe } from '#lib/stripe';
import { keepWaitPromise } from './wait-promise';
import type { CaseListView } from '@shared/cases/provider-case';

/**
 * The wait promise (issue 28 item 3, docs/adr/0025), against the shared stack's DynamoDB Local,
 * Stripe stand-in and real sockets: the promise's run (`keepWaitPromise`, what the
 * `cases/lapse-wait-promise` target does) is called in this worker at a time past the case's
 * promise, so no test waits W minutes. A stack of its own with a 3-second promise then shows
 * the whole path: the payment schedules the promise and the local Scheduler keeps it.
 */
const stack = useTestStack();
const log = createLogger({ route: 'test/wait-promise' });

/** The case's authorizations at Stripe, oldest first (one Payment per authorization). */
async function intentsOf(caseId: string) {
  const bundle = await getCaseBundle(caseId);
  const payments = [...(bundle?.payments ?? [])].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  const client = await stripe();
  return Promise.all(
    payments.map((payment) =>
      client.paymentIntents.retrieve(payment.rawPayload.paymentIntentId ?? ''),
    ),
  );
}

/** A moment past the case's current promise, as the schedule's run sees it. */
async function pastPromise(caseId: string): Promise<Date> {
  const { waitPromise } = await caseStatus(stack, caseId);
  if (!waitPromise?.endsAt) throw new Error(`case ${caseId} has no running wait promise`);
  return new Date(Date.parse(waitPromise.endsAt) + 1000);
}

const keep = async (caseId: string, authorization = 1, at?: Date) =>
  keepWaitPromise({ caseId, authorization }, log, at ?? (await pastPromise(caseId)));

describe('the wait promise at W', () => {
  let provider: SignedInProvider;

  /** The ids of a dashboard list's first 100 cases: these tests' cases are among them. */
  const listed = async (view: CaseListView) =>
    (await dashboardCases(stack, provider, view)).map((summary) => summary.id);

  beforeAll(async () => {
    provider = await signInProvider(stack);
  });

  it('gives an unclaimed case back to awaiting payment, voids its authorization once, and tells the patient', async () => {
    const caseId = await newPaidCaseId(stack);
    const at = await pastPromise(caseId);
    const socket = await openCaseSocket(stack, caseId);
    expect(await listed('available')).toContain(caseId);

    expect(await keep(caseId, 1, at)).toEqual({ lapsed: true, voided: true });
    await expectCaseUpdate(socket, caseId, 'awaiting_payment');
    const status = await caseStatus(stack, caseId);
    expect(status).toMatchObject({
      status: 'awaiting_payment',
      claimedBy: null,
      waitPromise: { endsAt: null, lapsedAt: at.toISOString() },
    });
    const [intent] = await intentsOf(caseId);
    expect(intent).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await listed('available')).not.toContain(caseId);

    // A replayed run (Lambda's retry, a dead letter replayed) moves nothing and charges nothing:
    // it only asks the settlement for the void again, which is done already.
    expect(await keep(caseId, 1, at)).toEqual({ lapsed: false, voided: true });
    expect(await caseStatus(stack, caseId)).toMatchObject({
      status: 'awaiting_payment',
      waitPromise: { lapsedAt: at.toISOString() },
    });
    expect(await intentsOf(caseId)).toEqual([
      expect.objectContaining({ status: 'canceled', amount_received: 0 }),
    ]);
    socket.socket.close();
  });

  it('releases a claim not started: the case leaves the doctor, the authorization is voided', async () => {
    const caseId = await newPaidCaseId(stack);
    await claimCase(stack, provider, caseId);
    expect(await listed('mine')).toContain(caseId);

    expect(await keep(caseId)).toEqual({ lapsed: true, voided: true });
    expect(await caseStatus(stack, caseId)).toMatchObject({
      status: 'awaiting_payment',
      claimedBy: null,
    });
    expect((await intentsOf(caseId)).map((pi) => pi.status)).toEqual(['canceled']);
    expect(await listed('mine')).not.toContain(caseId);
  });

  it('leaves a consultation a doctor started alone: nothing moves, nothing is voided', async () => {
    const caseId = await newPaidCaseId(stack);
    await claimCase(stack, provider, caseId);
    const at = await pastPromise(caseId);
    await startTimer(stack, provider, caseId);

    expect(await keep(caseId, 1, at)).toEqual({ lapsed: false, voided: false });
    expect(await caseStatus(stack, caseId)).toMatchObject({ status: 'in_call' });
    expect((await intentsOf(caseId)).map((pi) => pi.status)).toEqual(['requires_capture']);
  });

  it('does nothing before W: a run that came early throws, so Lambda tries again later', async () => {
    const caseId = await newPaidCaseId(stack);
    await expect(keep(caseId, 1, new Date())).rejects.toThrow('has not ended yet');
    expect(await caseStatus(stack, caseId)).toMatchObject({ status: 'paid' });
    expect((await intentsOf(caseId)).map((pi) => pi.status)).toEqual(['requires_capture']);
  });
});

describe('Keep waiting: the patient authorizes again', () => {
  it('pays the same case with a new session, back in the queue in its first place, with a new promise', async () => {
    const caseId = await newPaidCaseId(stack);
    const first = await caseStatus(stack, caseId);
    const firstSession = (await getCaseBundle(caseId))!.case.checkoutSessionId;
    const firstLapse = await pastPromise(caseId);
    await keep(caseId, 1, firstLapse);

    await payForCase(stack, caseId);
    const again = await caseStatus(stack, caseId);
    expect(again).toMatchObject({ status: 'paid', paidAt: first.paidAt, meeting: first.meeting });
    expect(again.waitPromise).toMatchObject({ lapsedAt: null });
    // The new promise runs W from the new authorization, not from the first payment.
    expect(Date.parse(again.waitPromise!.endsAt!)).toBeGreaterThan(
      Date.parse(first.waitPromise!.endsAt!),
    );
    expect((await getCaseBundle(caseId))!.case).toMatchObject({ authorizations: 2 });
    expect((await getCaseBundle(caseId))!.case.checkoutSessionId).not.toBe(firstSession);
    expect((await intentsOf(caseId)).map((pi) => pi.status)).toEqual([
      'canceled',
      'requires_capture',
    ]);

    // The first promise's run, late, never touches the second authorization; its own does.
    expect(await keep(caseId, 1, await pastPromise(caseId))).toEqual({
      lapsed: false,
      voided: false,
    });
    expect(await caseStatus(stack, caseId)).toMatchObject({ status: 'paid' });
    expect(await keep(caseId, 2)).toEqual({ lapsed: true, voided: true });
    expect((await intentsOf(caseId)).map((pi) => pi.status)).toEqual(['canceled', 'canceled']);
  });
});

describe('the schedule the payment makes (a stack with a 3-second promise)', () => {
  let own: RunningStack;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ stack: own, stop } = await startOwnStack('wait-promise', { waitPromiseMinutes: 0.05 }));
  }, 120_000);
  afterAll(async () => {
    await stop?.();
  });

  it('lapses an unclaimed case by itself at W and again after Keep waiting', async () => {
    const caseId = await payForCase(own, await newCaseId(own));
    const lapsed = () =>
      pollUntil(
        `case ${caseId} lapsed`,
        async () => {
          const status = await caseStatus(own, caseId);
          return status.waitPromise?.lapsedAt ? status : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      );
    expect(await lapsed()).toMatchObject({ status: 'awaiting_payment' });

    await payForCase(own, caseId);
    expect(await lapsed()).toMatchObject({ status: 'awaiting_payment' });
  });
});
