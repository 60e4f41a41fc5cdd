import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takePermissionDenials } from '#local/gateway/permission-check';
import type { RunningStack } from '#local/stack';
import { claimCase, joinLinks, startTimer } from '#local/testing/consultation-journey';
import { startOwnStack } from '#local/testing/own-stack';
import {
  caseStatus,
  deliverWebhook,
  newCaseId,
  newPaidCaseId,
} from '#local/testing/patient-journey';
import { pollUntil } from '#local/testing/poll';
import { adminListAll, adminToken, signInProvider } from '#local/testing/provider-journey';
import type { AdminCaseRow } from '@shared/admin/api';
import { adminListCases } from '@shared/admin/contracts';
import { pathOf } from '@shared/http/contract';
import { enterRoom, openRoomSocket, type RoomSocket } from '#local/testing/room-socket';
import type { RoomMediaMessage } from '@shared/meetings/signalling';
import type { SettlementDecision } from '@shared/payments/money';
import { getCaseBundle } from '#db/cases/bundle';
import { currentPayment, type PaymentRecord } from '#db/payments';
import { readMeetingMedia } from '#db/meeting-media';
import { envNames, reloadEnv } from '#core/env';
import { createLogger } from '#lib/logger';
import { stripe } from '#lib/stripe';
import { expireAndRefund } from '../cases/case-expiry';
import { endMeeting } from '../meetings/end';
import { requestSettlement } from './settlement';

/**
 * Pay only when seen (issue 28 "Done when", docs/adr/0024), against the local Stripe stand-in's
 * manual capture, on a stack of this file's own: a consultation counts as held after 2 s of both
 * parties connected instead of 60. Each case is paid with the test card through the real checkout;
 * what Stripe holds afterwards is read from the stand-in.
 */
const CAPTURE_AFTER_SECONDS = 2;

let stack: RunningStack;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ stack, stop } = await startOwnStack('settlement', {
    captureAfterConnectedSeconds: CAPTURE_AFTER_SECONDS,
    maxActiveClaims: 1000,
    providerJoinGraceSeconds: 3600,
  }));
}, 120_000);
afterAll(async () => {
  await stop?.();
  // The handlers' AWS calls all went through the local IAM check: none was refused.
  expect(takePermissionDenials()).toEqual([]);
});

const log = createLogger({ test: 'settlement' });

async function paymentOf(caseId: string): Promise<PaymentRecord> {
  const payment = currentPayment((await getCaseBundle(caseId))?.payments ?? []);
  if (!payment) throw new Error(`case ${caseId} has no payment`);
  return payment;
}

/** The case's PaymentIntent as the stand-in holds it. */
async function intentOf(caseId: string) {
  const { rawPayload } = await paymentOf(caseId);
  if (!rawPayload.paymentIntentId) throw new Error('no payment intent recorded');
  return (await stripe()).paymentIntents.retrieve(rawPayload.paymentIntentId);
}

/** The case's row as the admin's Cases tab reads it. */
async function adminRow(caseId: string): Promise<AdminCaseRow | undefined> {
  const rows = await adminListAll<AdminCaseRow>(
    stack,
    await adminToken(stack),
    pathOf(adminListCases, {}),
  );
  return rows.find((row) => row.id === caseId);
}

/** A started consultation: claimed, timer started, both parties' room sockets open. */
async function startedCall(options: { patientEnters: boolean }) {
  const provider = await signInProvider(stack);
  const caseId = await newPaidCaseId(stack);
  await claimCase(stack, provider, caseId);
  const links = await joinLinks(stack, provider, caseId);
  await startTimer(stack, provider, caseId);
  const doctorSession = await enterRoom(stack, links.providerJoinUrl, provider.cookie);
  const rooms: RoomSocket[] = [await openRoomSocket(stack, doctorSession.ticket!)];
  if (options.patientEnters) {
    const patientSession = await enterRoom(stack, links.patientJoinUrl);
    rooms.push(await openRoomSocket(stack, patientSession.ticket!));
  }
  return { caseId, rooms };
}

describe('a paid case holds an authorization, nothing charged', () => {
  it('is paid once Stripe holds $2.99 uncaptured; the status answer says authorized', async () => {
    const caseId = await newPaidCaseId(stack);
    const intent = await intentOf(caseId);
    expect(intent).toMatchObject({
      status: 'requires_capture',
      capture_method: 'manual',
      amount_capturable: 299,
      amount_received: 0,
      metadata: { caseId },
    });
    expect(await paymentOf(caseId)).toMatchObject({ status: 'authorized', settlement: null });
    expect((await caseStatus(stack, caseId)).money).toEqual({ state: 'authorized' });
  });
});

describe('the decision points capture or void once (issue 28 "Done when")', () => {
  it(
    'a completed consultation (both connected past the minimum) captures once, however often the end runs',
    { timeout: 60_000 },
    async () => {
      const { caseId, rooms } = await startedCall({ patientEnters: true });
      rooms.forEach((room, index) =>
        room.send({
          action: 'media',
          peerId: `page-${index}-0000`,
          flowing: true,
        } satisfies RoomMediaMessage),
      );
      const media = await pollUntil('media flowed', async () => {
        const read = await readMeetingMedia(caseId);
        return read?.account.firstFlowAt ?? undefined;
      });
      // Both stay connected past the minimum (a condition on the clock, not a fixed wait).
      await pollUntil('the minimum passed', () =>
        Promise.resolve(Date.now() > media + CAPTURE_AFTER_SECONDS * 1000 + 200 || undefined),
      );
      expect((await endMeeting(caseId, 'provider', log)).outcome).toBe('ended');
      const captured = {
        status: 'captured',
        intentStatus: 'succeeded',
        settlement: { action: 'capture', why: 'consultation_held' },
        settlementFailure: null,
      };
      expect(await paymentOf(caseId)).toMatchObject(captured);
      // Repeats: the end again (a late timer run) and the capture asked once more.
      await endMeeting(caseId, 'provider', log);
      await requestSettlement(caseId, { action: 'capture', why: 'consultation_held' }, log);

      expect(await intentOf(caseId)).toMatchObject({
        status: 'succeeded',
        amount_received: 299,
        amount_capturable: 0,
      });
      expect(await paymentOf(caseId)).toMatchObject(captured);
      expect((await caseStatus(stack, caseId)).money).toEqual({ state: 'charged' });
    },
  );

  it('a call that never connected (no media flowed) voids the authorization', async () => {
    const { caseId } = await startedCall({ patientEnters: true });
    expect(await endMeeting(caseId, 'provider', log)).toMatchObject({
      outcome: 'ended',
      noShow: false,
    });
    expect(await intentOf(caseId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await paymentOf(caseId)).toMatchObject({
      status: 'voided',
      settlement: { action: 'void', why: 'never_connected' },
    });
    const status = await caseStatus(stack, caseId);
    expect(status).toMatchObject({ status: 'completed', money: { state: 'released' } });
  });

  it('a no-show voids the authorization, and refunds nothing', async () => {
    const { caseId } = await startedCall({ patientEnters: false });
    expect(await endMeeting(caseId, 'provider', log)).toMatchObject({ noShow: true });
    await endMeeting(caseId, 'provider', log);
    expect(await intentOf(caseId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await paymentOf(caseId)).toMatchObject({
      status: 'voided',
      refund: null,
      settlement: { action: 'void', why: 'patient_no_show' },
    });
    const status = await caseStatus(stack, caseId);
    expect(status).toMatchObject({ refund: null, money: { state: 'released' } });
    expect(
      (await (await stripe()).refunds.list({ payment_intent: (await intentOf(caseId)).id })).data,
    ).toEqual([]);
  });

  it('an expired case voids its authorization once instead of a refund', async () => {
    const caseId = await newPaidCaseId(stack);
    const paidAt = Date.parse((await caseStatus(stack, caseId)).paidAt!);
    const due = new Date(paidAt + 86_400_000 + 1_000);
    const [first, again] = [
      await expireAndRefund({ caseId }, log, due),
      await expireAndRefund({ caseId }, log, due),
    ];
    expect(first).toEqual({ expired: true, refund: null });
    expect(again).toEqual({ expired: false, refund: null });
    expect(await intentOf(caseId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await paymentOf(caseId)).toMatchObject({
      status: 'voided',
      settlement: { action: 'void', why: 'expired' },
    });
    expect(await caseStatus(stack, caseId)).toMatchObject({
      status: 'expired',
      refund: null,
      money: { state: 'released' },
    });
  });
});

describe('one outcome, whatever races', () => {
  it('a capture racing a void: exactly one is recorded and done at Stripe', async () => {
    const caseIds = await Promise.all(Array.from({ length: 4 }, () => newPaidCaseId(stack)));
    for (const caseId of caseIds) {
      const capture: SettlementDecision = { action: 'capture', why: 'consultation_held' };
      const release: SettlementDecision = { action: 'void', why: 'wait_promise' };
      const outcomes = await Promise.all([
        requestSettlement(caseId, capture, log),
        requestSettlement(caseId, release, log),
      ]);
      const settled = outcomes.filter((outcome) => outcome.outcome === 'settled');
      const refused = outcomes.filter((outcome) => outcome.outcome === 'refused');
      expect([settled.length, refused.length]).toEqual([1, 1]);
      const winner = settled[0]!.outcome === 'settled' ? settled[0]!.decision : null;
      const payment = await paymentOf(caseId);
      expect(payment.settlement).toMatchObject(winner!);
      const intent = await intentOf(caseId);
      expect(intent.status).toBe(winner!.action === 'capture' ? 'succeeded' : 'canceled');
      expect(intent.amount_received).toBe(winner!.action === 'capture' ? 299 : 0);
    }
  });

  it('ten duplicate webhooks of each kind leave one Payment and one outcome', async () => {
    const caseId = await newPaidCaseId(stack);
    const { checkoutSessionId, paymentIntentId } = (await paymentOf(caseId)).rawPayload;
    const completed = {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: checkoutSessionId,
          object: 'checkout.session',
          client_reference_id: caseId,
          status: 'complete',
          payment_status: 'unpaid',
          payment_intent: paymentIntentId,
        },
      },
    };
    await requestSettlement(caseId, { action: 'capture', why: 'consultation_held' }, log);
    const intent = await intentOf(caseId);
    const succeeded = {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: intent },
    };
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => deliverWebhook(stack, completed)),
      ...Array.from({ length: 10 }, () => deliverWebhook(stack, succeeded)),
    ]);
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    const bundle = await getCaseBundle(caseId);
    expect(bundle?.payments).toHaveLength(1);
    expect(bundle?.payments[0]).toMatchObject({
      status: 'captured',
      settlement: { action: 'capture', why: 'consultation_held' },
    });
    expect(await intentOf(caseId)).toMatchObject({ status: 'succeeded', amount_received: 299 });
  });

  it("Stripe's own expiry of an authorization is recorded as a void nobody here decided", async () => {
    const caseId = await newPaidCaseId(stack);
    const intent = await intentOf(caseId);
    const canceled = {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.canceled',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...intent, status: 'canceled', cancellation_reason: 'automatic' } },
    };
    expect((await deliverWebhook(stack, canceled)).status).toBe(200);
    expect(await paymentOf(caseId)).toMatchObject({
      status: 'voided',
      intentStatus: 'canceled',
      settlement: { action: 'void', why: 'authorization_expired' },
    });
    // A later decision is refused: the authorization is gone.
    expect(
      await requestSettlement(caseId, { action: 'capture', why: 'consultation_held' }, log),
    ).toMatchObject({ outcome: 'refused' });
  });
});

describe('a failure at Stripe is never lost', () => {
  it(
    'is recorded, retried by the scheduled run, and shows on the payment',
    { timeout: 60_000 },
    async () => {
      const caseId = await newPaidCaseId(stack);
      // This process's Stripe calls fail (nothing listens there); the scheduled run's do not.
      const apiUrl = process.env[envNames.stripeApiUrl];
      process.env[envNames.stripeApiUrl] = 'http://127.0.0.1:9';
      reloadEnv();
      let outcome;
      try {
        outcome = await requestSettlement(caseId, { action: 'void', why: 'expired' }, log);
      } finally {
        process.env[envNames.stripeApiUrl] = apiUrl;
        reloadEnv();
      }
      expect(outcome).toEqual({
        outcome: 'failed',
        decision: { action: 'void', why: 'expired' },
        retryScheduled: true,
      });
      const failed = await paymentOf(caseId);
      expect(failed).toMatchObject({
        status: 'authorized',
        settlement: { action: 'void', why: 'expired' },
        settlementFailure: { type: 'StripeConnectionError' },
      });
      // The admin's case details show it.
      expect((await adminRow(caseId))?.money).toMatchObject({
        state: 'authorized',
        decision: { action: 'void', why: 'expired' },
        settledAt: null,
        failure: { type: 'StripeConnectionError', code: null },
      });
      // The retry schedule's run (payments/settle-payment, its own Lambda) voids it.
      const voided = await pollUntil(
        'the retry voided it',
        async () => ((await paymentOf(caseId)).status === 'voided' ? paymentOf(caseId) : undefined),
        { timeoutMs: 40_000 },
      );
      expect(voided.settlementFailure).toEqual(failed.settlementFailure);
      expect(await intentOf(caseId)).toMatchObject({ status: 'canceled' });
      expect((await adminRow(caseId))?.money).toMatchObject({
        state: 'released',
        settledAt: expect.any(String) as string,
        failure: { type: 'StripeConnectionError' },
      });
    },
  );
});

describe('a case without a payment', () => {
  it('has no money to settle and no money line', async () => {
    const caseId = await newCaseId(stack);
    expect(await requestSettlement(caseId, { action: 'void', why: 'expired' }, log)).toEqual({
      outcome: 'no_payment',
    });
    expect((await caseStatus(stack, caseId)).money).toBeNull();
  });
});
