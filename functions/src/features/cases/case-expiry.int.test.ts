import { beforeAll, describe, expect, it } from 'vitest';
import { claimCase } from '#local/testing/consultation-journey';
import { invokeCaseExpiry, useCaseExpirySeconds } from '#local/testing/expire-case';
import {
  caseStatus,
  newCaseChargedAtCheckout,
  newPaidCaseId,
  payForCase,
  postJson,
} from '#local/testing/patient-journey';
import { pollUntil } from '#local/testing/poll';
import {
  dashboardCases,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { appFetch, useTestStack } from '#local/testing/stack-context';
import { getCaseBundle } from '#db/cases/bundle';
import { storeCaseStatus } from '#db/testing';
import { atExpression } from '#lib/scheduler';
import { stripe } from '#lib/stripe';
import { stubEnv } from '#testing/env';
import { caseExpiryScheduleName } from './case-expiry-schedule';
import { RefundFailedError } from './case-expiry';
import type { CaseStatusResponse } from '@shared/cases/api';
import * as caseContracts from '@shared/cases/contracts';
import type { CaseListView } from '@shared/cases/provider-case';
import { CONSULTATION_FEE_CENTS } from '@shared/payments/constants';
import { pathOf } from '@shared/http/contract';
import * as patientContracts from '@shared/patients/contracts';

const stack = useTestStack();
const STACK_EXPIRY_SECONDS = Number(stack.handlerEnvironment.CASE_EXPIRY_SECONDS);

/**
 * The expiry handler runs in this worker exactly as the local Scheduler runs it
 * (`invokeCaseExpiry`), against the stack's DynamoDB Local and Stripe stand-in, with a 1-second
 * expiry so a case paid a moment ago is due.
 */
const EXPIRY_SECONDS = 1;
useCaseExpirySeconds(EXPIRY_SECONDS);

async function statusOf(caseId: string): Promise<CaseStatusResponse> {
  const response = await appFetch(stack, pathOf(caseContracts.getCaseStatus, { caseId }));
  return (await response.json()) as CaseStatusResponse;
}

/** Waits until EXPIRY_SECONDS have passed since each case's payment. */
async function waitUntilDue(caseIds: string[]): Promise<void> {
  const paidAt = await Promise.all(caseIds.map(async (id) => (await statusOf(id)).paidAt!));
  const dueAt = Math.max(...paidAt.map((at) => Date.parse(at))) + EXPIRY_SECONDS * 1000;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - Date.now()) + 5));
}

/**
 * Paid telemedicine cases (reading A) that are due. `chargedAtCheckout`: paid as before manual
 * capture (docs/adr/0024), through a session that captures at once, made outside the app.
 */
async function duePaidCases(
  count: number,
  { chargedAtCheckout = false }: { chargedAtCheckout?: boolean } = {},
): Promise<string[]> {
  const caseIds = await Promise.all(
    Array.from({ length: count }, () =>
      chargedAtCheckout ? newCaseChargedAtCheckout(stack) : newPaidCaseId(stack),
    ),
  );
  await waitUntilDue(caseIds);
  return caseIds;
}

/** A paid home nurse visit (reading B): a nurse calls the patient, no meeting starts. */
async function newPaidNurseVisitId(): Promise<string> {
  const response = await postJson(stack, pathOf(patientContracts.createPatient, {}), {
    name: 'Kwame',
    contactInfo: '+233201234567',
    symptoms: 'Wound dressing',
    requestType: 'nurse-visit',
    location: '12 Harbour Road',
  });
  expect(response.status).toBe(201);
  return payForCase(stack, ((await response.json()) as { caseId: string }).caseId);
}

async function paymentIntentOf(caseId: string): Promise<string> {
  const bundle = await getCaseBundle(caseId);
  const intent = bundle?.payments[0]?.rawPayload.paymentIntentId;
  if (!intent) throw new Error('no payment intent recorded');
  return intent;
}

/** The refunds the Stripe stand-in holds for the case's PaymentIntent, as Stripe lists them. */
const refundsOf = async (caseId: string) =>
  (await (await stripe()).refunds.list({ payment_intent: await paymentIntentOf(caseId) })).data;
const oneFullRefund = [
  expect.objectContaining({ amount: CONSULTATION_FEE_CENTS, status: 'succeeded' }),
];

/** The case's PaymentIntent as the stand-in holds it. */
const intentOf = async (caseId: string) =>
  (await stripe()).paymentIntents.retrieve(await paymentIntentOf(caseId));

/**
 * The authorization voided for the expiry (docs/adr/0024): cancelled at Stripe, nothing
 * charged, nothing refunded, the decision recorded once.
 */
async function expectVoidedForExpiry(caseId: string): Promise<void> {
  expect(await intentOf(caseId)).toMatchObject({ status: 'canceled', amount_received: 0 });
  expect(await refundsOf(caseId)).toEqual([]);
  const payments = (await getCaseBundle(caseId))?.payments ?? [];
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({
    status: 'voided',
    settlement: { action: 'void', why: 'expired' },
  });
}

/** Still only authorized: nothing captured, voided or refunded. */
async function expectUntouched(caseId: string): Promise<void> {
  expect(await intentOf(caseId)).toMatchObject({ status: 'requires_capture' });
  expect(await refundsOf(caseId)).toEqual([]);
}

describe('the expiry of a paid case nobody starts', () => {
  let provider: SignedInProvider;
  let paid: string;
  let twice: string;
  let claimed: string;
  let started: string;
  let completed: string;

  /** The ids of a dashboard list's first 100 cases: these tests' cases are among them. */
  const listed = async (view: CaseListView) =>
    (await dashboardCases(stack, provider, view)).map((summary) => summary.id);

  beforeAll(async () => {
    provider = await signInProvider(stack);
    [paid, twice, claimed, started, completed] = (await duePaidCases(5)) as [
      string,
      string,
      string,
      string,
      string,
    ];
    await claimCase(stack, provider, claimed);
    await storeCaseStatus(started, 'in_call', new Date().toISOString());
    await storeCaseStatus(completed, 'completed', new Date().toISOString());
    // Before the expiry they are listed where the later test expects them gone.
    expect(await listed('available')).toEqual(expect.arrayContaining([paid, twice]));
    expect(await listed('mine')).toContain(claimed);
  });

  it('is scheduled by the payment at paidAt + CASE_EXPIRY_SECONDS', async () => {
    const { paidAt } = await statusOf(paid);
    const response = await fetch(
      new URL(
        `/schedules/${caseExpiryScheduleName(paid)}?groupName=${stack.handlerEnvironment.SCHEDULE_GROUP}`,
        stack.appUrl,
      ),
    );
    expect(response.status).toBe(200);
    const schedule = (await response.json()) as {
      ScheduleExpression: string;
      Target: { Arn: string; Input: string };
    };
    expect(schedule.ScheduleExpression).toBe(
      atExpression(new Date(Date.parse(paidAt!) + STACK_EXPIRY_SECONDS * 1000)),
    );
    expect(schedule.Target.Arn).toBe(stack.handlerEnvironment.CASE_EXPIRY_TARGET_ARN);
    expect(JSON.parse(schedule.Target.Input)).toEqual({ caseId: paid });
  });

  it('expires a paid case and voids its authorization; the status says so', async () => {
    const before = await statusOf(paid);
    expect(before).toMatchObject({ status: 'paid', refund: null, money: { state: 'authorized' } });
    // The patient's page had a join link while the case waited...
    expect((await caseStatus(stack, paid)).meeting?.patientJoinUrl).toEqual(expect.any(String));

    const result = await invokeCaseExpiry(paid);
    expect(result).toEqual({ expired: true, refund: null });
    expect(await statusOf(paid)).toMatchObject({
      status: 'expired',
      refund: null,
      money: { state: 'released' },
    });
    await expectVoidedForExpiry(paid);
    // ...and has none once it expired, though the meeting stays scheduled (issue 27).
    const after = await caseStatus(stack, paid);
    expect(after.meeting?.status).toBe('scheduled');
    expect(after.meeting?.patientJoinUrl).toBeNull();
  });

  it('voids once when fired twice at once and again later', async () => {
    const results = await Promise.all([invokeCaseExpiry(twice), invokeCaseExpiry(twice)]);
    const again = await invokeCaseExpiry(twice);
    expect(results.filter((result) => result.expired)).toHaveLength(1);
    expect(again).toEqual({ expired: false, refund: null });
    await expectVoidedForExpiry(twice);
  });

  it('expires a claimed case whose meeting never started', async () => {
    expect(await invokeCaseExpiry(claimed)).toMatchObject({ expired: true });
    expect((await caseStatus(stack, claimed)).status).toBe('expired');
    await expectVoidedForExpiry(claimed);
  });

  it('expires an unclaimed nurse visit, never one a nurse has taken', async () => {
    const [waiting, taken] = await Promise.all([newPaidNurseVisitId(), newPaidNurseVisitId()]);
    await claimCase(stack, provider, taken);
    await waitUntilDue([waiting, taken]);

    expect(await invokeCaseExpiry(waiting)).toMatchObject({ expired: true });
    await expectVoidedForExpiry(waiting);
    expect(await invokeCaseExpiry(taken)).toEqual({ expired: false, refund: null });
    expect(await statusOf(taken)).toMatchObject({ status: 'claimed', refund: null });
    await expectUntouched(taken);
  });

  it('leaves a case in call or completed alone', async () => {
    for (const caseId of [started, completed]) {
      expect(await invokeCaseExpiry(caseId)).toEqual({ expired: false, refund: null });
      expect(await statusOf(caseId)).toMatchObject({ refund: null });
      await expectUntouched(caseId);
    }
    expect((await statusOf(started)).status).toBe('in_call');
    expect((await statusOf(completed)).status).toBe('completed');
  });

  it('takes expired cases off the provider lists', async () => {
    const available = await listed('available');
    const mine = await listed('mine');
    for (const caseId of [paid, twice, claimed]) {
      expect(available).not.toContain(caseId);
      expect(mine).not.toContain(caseId);
    }
  });

  it('on a failed void keeps the case expired, records the failure, and its scheduled retry voids it', async () => {
    const [caseId] = (await duePaidCases(1)) as [string];
    // Stripe unreachable from this worker: a port nothing listens on. The settlement's retry
    // runs in the stack's own Lambda (payments/settle-payment), which reaches the stand-in.
    stubEnv({ STRIPE_API_URL: 'http://127.0.0.1:9' });
    try {
      expect(await invokeCaseExpiry(caseId)).toEqual({ expired: true, refund: null });
    } finally {
      stubEnv({ STRIPE_API_URL: stack.handlerEnvironment.STRIPE_API_URL! });
    }
    expect(await statusOf(caseId)).toMatchObject({
      status: 'expired',
      money: { state: 'authorized' },
    });
    expect((await getCaseBundle(caseId))?.payments[0]).toMatchObject({
      status: 'authorized',
      settlementFailure: { type: 'StripeConnectionError' },
    });
    await pollUntil(
      'the scheduled retry voided it',
      async () => ((await statusOf(caseId)).money?.state === 'released' ? true : undefined),
      { timeoutMs: 40_000 },
    );
    await expectVoidedForExpiry(caseId);
  }, 60_000);

  it('refunds a payment charged at checkout before manual capture, once; a failed refund throws for a retry', async () => {
    const [caseId] = (await duePaidCases(1, { chargedAtCheckout: true })) as [string];
    expect((await getCaseBundle(caseId))?.payments[0]).toMatchObject({ status: 'captured' });
    stubEnv({ STRIPE_API_URL: 'http://127.0.0.1:9' });
    try {
      await expect(invokeCaseExpiry(caseId)).rejects.toThrow(RefundFailedError);
    } finally {
      stubEnv({ STRIPE_API_URL: stack.handlerEnvironment.STRIPE_API_URL! });
    }
    expect(await statusOf(caseId)).toMatchObject({
      status: 'expired',
      refund: { status: 'pending' },
    });
    const retry = await invokeCaseExpiry(caseId);
    expect(retry).toMatchObject({ expired: false, refund: { status: 'succeeded', amount: 299 } });
    expect(await statusOf(caseId)).toMatchObject({
      refund: { status: 'succeeded' },
      money: { state: 'refunded' },
    });
    expect(await refundsOf(caseId)).toEqual(oneFullRefund);
  });

  it('does not expire a case before it is due (Scheduler then retries)', async () => {
    const fresh = await newPaidCaseId(stack);
    stubEnv({ CASE_EXPIRY_SECONDS: String(STACK_EXPIRY_SECONDS) });
    try {
      await expect(invokeCaseExpiry(fresh)).rejects.toThrow(/not due/);
    } finally {
      stubEnv({ CASE_EXPIRY_SECONDS: String(EXPIRY_SECONDS) });
    }
    expect((await statusOf(fresh)).status).toBe('paid');
  });
});
