import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  STRIPE_TEST_CARDS,
  caseStatus,
  createCheckout,
  deliverWebhook,
  newCaseId,
  newPaidCaseId,
  payWithCard,
  postJson,
} from '#local/testing/patient-journey';
import { appFetch, useTestStack } from '#local/testing/stack-context';
import { checkoutSessionOutsideApp } from '#local/testing/stripe-sessions';
import { getCaseBundle } from '#db/cases/bundle';
import { insertPatientWithCase } from '#db/cases/create';
import { stripe } from '#lib/stripe';
import { newPatientAndCase } from '../cases/new-case';
import { adaIntake } from '#testing/cases';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import * as patientContracts from '@shared/patients/contracts';
import * as paymentContracts from '@shared/payments/contracts';

const stack = useTestStack();

async function partition(caseId: string) {
  const bundle = await getCaseBundle(caseId);
  return {
    payments: bundle?.payments ?? [],
    meetings: bundle?.meeting ? [bundle.meeting] : [],
    status: bundle?.case.status as string,
  };
}

/** A checkout.session event for a case, as Stripe would send it once the session is paid. */
function paidSessionEvent(
  caseId: string,
  sessionId: string,
  overrides: { type?: string; id?: string; amount?: number } = {},
) {
  return {
    id: overrides.id ?? `evt_${randomUUID()}`,
    object: 'event',
    type: overrides.type ?? 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: caseId,
        payment_status: 'paid',
        status: 'complete',
        amount_total: overrides.amount ?? 299,
        currency: 'usd',
        payment_intent: `pi_${randomUUID()}`,
      },
    },
  };
}

describe('paying with the local Stripe stand-in', () => {
  it('creates embedded and hosted sessions for $2.99', async () => {
    const caseId = await newCaseId(stack);
    const embedded = await createCheckout(stack, caseId, 'embedded');
    expect(embedded.clientSecret).toMatch(/^cs_test_/);
    const hosted = await createCheckout(stack, caseId, 'hosted');
    expect(hosted.url).toContain(`/checkout/${hosted.sessionId}`);
    // One open session per case: switching mode closed the embedded one.
    expect((await (await stripe()).checkout.sessions.retrieve(embedded.sessionId)).status).toBe(
      'expired',
    );
  });

  it('answers the same open session again, also to parallel requests, and a new one once it expired', async () => {
    const caseId = await newCaseId(stack);
    const first = await createCheckout(stack, caseId, 'hosted');
    const again = await Promise.all(
      Array.from({ length: 5 }, () => createCheckout(stack, caseId, 'hosted')),
    );
    for (const answer of again) expect(answer).toEqual(first);
    expect((await getCaseBundle(caseId))?.case.checkoutSessionId).toBe(first.sessionId);

    await (await stripe()).checkout.sessions.expire(first.sessionId);
    const renewed = await createCheckout(stack, caseId, 'hosted');
    expect(renewed.sessionId).not.toBe(first.sessionId);
    expect(renewed.url).toContain(`/checkout/${renewed.sessionId}`);
    expect(await createCheckout(stack, caseId, 'hosted')).toEqual(renewed);
    // The expired session cannot be paid; the renewed one can, and pays the case.
    expect((await payWithCard(stack, first.sessionId, STRIPE_TEST_CARDS.pays)).status).not.toBe(
      303,
    );
    expect((await payWithCard(stack, renewed.sessionId, STRIPE_TEST_CARDS.pays)).status).toBe(303);
    await expect
      .poll(async () => (await caseStatus(stack, caseId)).status, { timeout: 10_000 })
      .toBe('paid');
  });

  it('marks the case paid from the signed webhook, with one Payment and a 15-minute Meeting', async () => {
    const caseId = await newCaseId(stack);
    const { sessionId } = await createCheckout(stack, caseId);
    const payment = await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays);
    expect(payment.status).toBe(303);
    expect(payment.headers.get('location')).toContain(`/payment-success?case_id=${caseId}`);
    await expect
      .poll(async () => (await caseStatus(stack, caseId)).status, { timeout: 5_000, interval: 50 })
      .toBe('paid');
    const status = await caseStatus(stack, caseId);
    expect(status.meeting?.duration).toBe(15);
    const stored = await partition(caseId);
    expect(stored.payments).toHaveLength(1);
    expect(stored.meetings).toHaveLength(1);

    const sync = await postJson(stack, pathOf(paymentContracts.manualPaymentComplete, {}), {
      caseId,
    });
    expect(sync.status).toBe(200);
    expect(await sync.json()).toMatchObject({
      success: true,
      paid: true,
      next: `/visit/${caseId}`,
    });
    await expect(
      postJson(stack, pathOf(paymentContracts.createCheckoutSession, {}), { caseId }),
    ).resolves.toHaveProperty('status', 409);
  });

  it('leaves a declined card unpaid, and the sync endpoints refuse to mark it paid', async () => {
    const caseId = await newCaseId(stack);
    const { sessionId } = await createCheckout(stack, caseId);
    const declined = await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.declines);
    expect(await declined.text()).toContain('Your card was declined.');
    const manual = await postJson(stack, pathOf(paymentContracts.manualPaymentComplete, {}), {
      caseId,
    });
    expect(manual.status).toBe(409);
    expect(await manual.json()).toMatchObject({
      success: false,
      message: 'Payment has not been completed',
    });
    expect((await caseStatus(stack, caseId)).status).toBe('awaiting_payment');
    expect((await partition(caseId)).payments).toHaveLength(0);
  });
});

describe('the Stripe webhook', () => {
  it('refuses a missing or bad signature with 400 and writes nothing', async () => {
    const caseId = await newCaseId(stack);
    const event = paidSessionEvent(caseId, 'cs_test_forged');
    const missing = await fetch(new URL(pathOf(paymentContracts.stripeWebhook, {}), stack.appUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(missing.status).toBe(400);
    const forged = await deliverWebhook(
      stack,
      event,
      `t=${Math.floor(Date.now() / 1000)},v1=deadbeef`,
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: 'Invalid Stripe signature' });
    expect(await partition(caseId)).toMatchObject({ status: 'awaiting_payment', payments: [] });
  });

  it('processes one event delivered 10 times at once exactly once', async () => {
    const caseId = await newCaseId(stack);
    const { sessionId } = await createCheckout(stack, caseId);
    expect((await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays)).status).toBe(303);
    const paid = await (await stripe()).checkout.sessions.retrieve(sessionId);
    const event = paidSessionEvent(caseId, sessionId);
    event.data.object.payment_intent = paid.payment_intent as string;
    // Ten more deliveries of one event, racing the stand-in's own delivery of its event.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => deliverWebhook(stack, event)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    await expect
      .poll(async () => (await partition(caseId)).status, { timeout: 10_000 })
      .toBe('paid');
    const stored = await partition(caseId);
    expect(stored.payments).toHaveLength(1);
    expect(stored.meetings).toHaveLength(1);
    expect(stored.payments[0]).toMatchObject({ status: 'authorized', settlement: null });
    // The losers recognised the payment as the one the case keeps: nothing voided or refunded.
    const intent = await (await stripe()).paymentIntents.retrieve(paid.payment_intent as string);
    expect(intent.status).toBe('requires_capture');
    const refunds = await (
      await stripe()
    ).refunds.list({
      payment_intent: event.data.object.payment_intent,
    });
    expect(refunds.data).toEqual([]);
  });

  it('accepts events out of order and different events for one payment, paying once', async () => {
    const caseId = await newCaseId(stack);
    const { sessionId } = await createCheckout(stack, caseId);
    expect((await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays)).status).toBe(303);
    const late = paidSessionEvent(caseId, sessionId, {
      type: 'checkout.session.async_payment_succeeded',
    });
    const first = paidSessionEvent(caseId, sessionId);
    expect((await deliverWebhook(stack, late)).status).toBe(200);
    expect((await deliverWebhook(stack, first)).status).toBe(200);
    const stored = await partition(caseId);
    expect(stored.status).toBe('paid');
    expect(stored.payments).toHaveLength(1);
    expect(stored.meetings).toHaveLength(1);
  });

  it('answers 200 and writes nothing for a session Stripe does not know', async () => {
    const caseId = await newCaseId(stack);
    const madeUp = await deliverWebhook(stack, paidSessionEvent(caseId, 'cs_test_made_up'));
    expect(madeUp.status).toBe(200);
    expect(await partition(caseId)).toMatchObject({ status: 'awaiting_payment', payments: [] });
  });

  it('does not mark paid for another amount, another case or an unpaid session', async () => {
    const caseId = await newCaseId(stack);
    // Stripe's word is read again, not the event's: an authorization of 1 cent for the case…
    const cheap = await extraSession(caseId, 1);
    expect((await payWithCard(stack, cheap.id, STRIPE_TEST_CARDS.pays)).status).toBe(303);
    expect((await deliverWebhook(stack, paidSessionEvent(caseId, cheap.id))).status).toBe(200);
    // …a session of another case, and an open session the event calls paid.
    const other = await extraSession(randomUUID());
    expect((await payWithCard(stack, other.id, STRIPE_TEST_CARDS.pays)).status).toBe(303);
    await deliverWebhook(stack, paidSessionEvent(caseId, other.id));
    const { sessionId: open } = await createCheckout(stack, caseId);
    expect((await deliverWebhook(stack, paidSessionEvent(caseId, open))).status).toBe(200);
    expect(await partition(caseId)).toMatchObject({ status: 'awaiting_payment', payments: [] });
  });
});

/** A Checkout Session for the case made outside the app, as one made before sessions were reused. */
const extraSession = (
  caseId: string,
  amount = 299,
  captureMethod: 'automatic' | 'manual' = 'automatic',
) => checkoutSessionOutsideApp(stack, caseId, { amount, captureMethod });

async function refundsOf(sessionId: string) {
  const session = await (await stripe()).checkout.sessions.retrieve(sessionId);
  if (typeof session.payment_intent !== 'string') throw new Error(`${sessionId} is not paid`);
  return (await (await stripe()).refunds.list({ payment_intent: session.payment_intent })).data;
}

describe('a second successful payment for one case', () => {
  it('is refunded through Stripe, once, and the case stays paid once', async () => {
    const caseId = await newCaseId(stack);
    const older = await extraSession(caseId);
    const { sessionId } = await createCheckout(stack, caseId);
    expect((await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays)).status).toBe(303);
    await expect
      .poll(async () => (await caseStatus(stack, caseId)).status, { timeout: 10_000 })
      .toBe('paid');

    // The older session is paid too; its webhook finds the case paid by another session.
    expect((await payWithCard(stack, older.id, STRIPE_TEST_CARDS.pays)).status).toBe(303);
    await expect.poll(async () => (await refundsOf(older.id)).length).toBe(1);
    const [refund] = await refundsOf(older.id);
    expect(refund).toMatchObject({ amount: 299, metadata: { caseId } });

    // A repeated delivery of that payment refunds nothing more.
    const paidOlder = await (await stripe()).checkout.sessions.retrieve(older.id);
    const replay = paidSessionEvent(caseId, older.id);
    replay.data.object.payment_intent = paidOlder.payment_intent as string;
    expect((await deliverWebhook(stack, replay)).status).toBe(200);
    expect(await refundsOf(older.id)).toHaveLength(1);

    const stored = await partition(caseId);
    expect(stored.status).toBe('paid');
    expect(stored.payments.map((payment) => payment.rawPayload.checkoutSessionId)).toEqual([
      sessionId,
    ]);
    expect(stored.meetings).toHaveLength(1);
    expect(await refundsOf(sessionId)).toEqual([]);
  });

  it('only authorized (docs/adr/0024): its authorization is voided, nothing refunded', async () => {
    const caseId = await newPaidCaseId(stack);
    const older = await extraSession(caseId, 299, 'manual');
    expect((await payWithCard(stack, older.id, STRIPE_TEST_CARDS.pays)).status).toBe(303);
    const paidOlder = await (await stripe()).checkout.sessions.retrieve(older.id);
    const intentId = paidOlder.payment_intent as string;
    await expect
      .poll(async () => (await (await stripe()).paymentIntents.retrieve(intentId)).status, {
        timeout: 10_000,
      })
      .toBe('canceled');
    expect(await refundsOf(older.id)).toEqual([]);
    const stored = await partition(caseId);
    expect(stored.payments).toHaveLength(1);
    expect(stored.payments[0]).toMatchObject({ status: 'authorized' });
  });

  it('found paid by a checkout request before the webhook: recorded, not sold again', async () => {
    // Stripe took the payment, and its webhook found no case (it was lost to this case): the
    // case still reads as awaiting payment and names the paid session.
    const caseId = randomUUID();
    const session = await extraSession(caseId);
    expect((await payWithCard(stack, session.id, STRIPE_TEST_CARDS.pays)).status).toBe(303);
    const { patient, caseRecord } = newPatientAndCase(adaIntake);
    await insertPatientWithCase(patient, {
      ...caseRecord,
      id: caseId,
      checkoutSessionId: session.id,
    });
    expect((await caseStatus(stack, caseId)).status).toBe('awaiting_payment');

    const again = await postJson(stack, pathOf(paymentContracts.createCheckoutSession, {}), {
      caseId,
      mode: 'hosted',
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'This consultation has already been paid' });
    const stored = await partition(caseId);
    expect(stored.status).toBe('paid');
    expect(stored.payments.map((payment) => payment.rawPayload.checkoutSessionId)).toEqual([
      session.id,
    ]);
    expect(stored.meetings).toHaveLength(1);
    expect(await refundsOf(session.id)).toEqual([]);
  });
});

describe('the webhook racing the manual sync', () => {
  it('pays once and refunds nothing, whichever arrives first', async () => {
    const caseId = await newCaseId(stack);
    const { sessionId } = await createCheckout(stack, caseId);
    const sync = () =>
      postJson(stack, pathOf(paymentContracts.manualPaymentComplete, {}), { caseId });
    // Syncs keep arriving while the stand-in marks the session paid and delivers its webhook.
    let paying = true;
    const syncing = Array.from({ length: 4 }, async () => {
      const statuses: number[] = [];
      while (paying || statuses.length < 3) statuses.push((await sync()).status);
      return statuses;
    });
    const paid = await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays);
    paying = false;
    const statuses = (await Promise.all(syncing)).flat();
    expect(paid.status).toBe(303);
    // Before Stripe said paid: 409 "not completed"; after: 200. Never an error.
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    expect(statuses.at(-1)).toBe(200);

    const stored = await partition(caseId);
    expect(stored.status).toBe('paid');
    expect(stored.payments).toHaveLength(1);
    expect(stored.meetings).toHaveLength(1);
    expect(await refundsOf(sessionId)).toEqual([]);
  });
});

describe('a home nurse visit', () => {
  it('is paid with one Payment and no meeting, and the verification says so', async () => {
    const created = (await (
      await postJson(stack, pathOf(patientContracts.createPatient, {}), {
        name: 'Ama Owusu',
        contactInfo: '+233201234567',
        symptoms: 'Needs a wound dressing changed',
        requestType: 'nurse-visit',
        location: 'East Legon, Accra',
      })
    ).json()) as { patientId: string; caseId: string };
    const { sessionId } = await createCheckout(stack, created.caseId, 'hosted');
    expect((await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays)).status).toBe(303);
    const verification = async () =>
      (await (
        await appFetch(
          stack,
          pathOf(patientContracts.getPaymentVerification, { patientId: created.patientId }),
        )
      ).json()) as { paymentVerified: boolean; meetingCreated: boolean; requestType: string };
    await expect
      .poll(async () => (await verification()).paymentVerified, { timeout: 10_000 })
      .toBe(true);
    expect(await verification()).toMatchObject({
      meetingCreated: false,
      requestType: 'nurse-visit',
    });
    const stored = await partition(created.caseId);
    expect(stored).toMatchObject({ status: 'paid', meetings: [] });
    expect(stored.payments).toHaveLength(1);
  });
});

describe('payment routes refuse bad input with a 4xx message', () => {
  it.each([
    [pathOf(paymentContracts.createCheckoutSession, {}), '{"caseId":', 400],
    [pathOf(paymentContracts.createCheckoutSession, {}), { caseId: 'not-a-uuid' }, 400],
    [pathOf(paymentContracts.createCheckoutSession, {}), { caseId: 42 }, 400],
    [pathOf(paymentContracts.createCheckoutSession, {}), { caseId: randomUUID() }, 404],
    [pathOf(paymentContracts.createCheckoutSession, {}), { caseId: 'x'.repeat(1024 * 1024) }, 413],
    [pathOf(paymentContracts.manualPaymentComplete, {}), { caseId: randomUUID() }, 404],
    [pathOf(paymentContracts.manualPaymentComplete, {}), {}, 400],
    [pathOf(paymentContracts.testPaymentComplete, { patientId: randomUUID() }), {}, 404],
    [pathOf(paymentContracts.testPaymentComplete, { patientId: 'not-a-uuid' }), {}, 400],
  ])('POST %s %j → %i', async (path, body, status) => {
    const response = await postJson(stack, path, body);
    expect(response.status).toBe(status);
    const answer = (await response.json()) as { message?: unknown; error?: unknown };
    expect(answer.message).toMatch(/\S/);
    if (path === pathOf(paymentContracts.createCheckoutSession, {}))
      expect(answer.error).toBe(answer.message);
  });

  it('refuses checkout for an unknown case in the envelope its page reads', async () => {
    const response = await appFetch(
      stack,
      pathOf(caseContracts.getCaseStatus, { caseId: randomUUID() }),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Case not found' });
  });
});

describe('the verification page sync (reading B)', () => {
  it('refuses to mark an unpaid session paid, then confirms after Stripe says paid', async () => {
    const created = (await (
      await postJson(stack, pathOf(patientContracts.createPatient, {}), {
        name: 'Kwame',
        contactInfo: '+233201234567',
        symptoms: 'Sore throat',
        requestType: 'telemedicine',
      })
    ).json()) as { patientId: string; caseId: string };
    const sync = () =>
      postJson(
        stack,
        pathOf(paymentContracts.testPaymentComplete, { patientId: created.patientId }),
        {},
      );
    expect((await sync()).status).toBe(409);
    const { sessionId } = await createCheckout(stack, created.caseId, 'hosted');
    expect((await sync()).status).toBe(409);
    const paid = await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays);
    expect(paid.headers.get('location')).toContain(
      `/payment-success?patient_id=${created.patientId}`,
    );
    const confirmed = await sync();
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({
      success: true,
      paid: true,
      next: `/payment-success?patient_id=${created.patientId}`,
    });
    expect((await partition(created.caseId)).payments).toHaveLength(1);
  });
});
