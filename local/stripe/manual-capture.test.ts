import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { consultationLineItems, useLocalStripe } from './testing';

/**
 * Manual capture as Stripe does it (issue 28): Checkout authorizes, the PaymentIntent waits in
 * `requires_capture`, and is then captured, cancelled, or cancelled by Stripe when the
 * authorization expires. Driven through real stripe-node and the stand-in's checkout form.
 */

const WEBHOOK_SECRET = 'whsec_manual_capture_test';
const DAY_MS = 24 * 60 * 60 * 1000;

const standIn = useLocalStripe({
  apiKey: 'sk_test_manual_capture',
  webhookSecret: WEBHOOK_SECRET,
  tempDirPrefix: 'local-stripe-manual-',
});
const { receiver } = standIn;

type CaptureMethod = 'automatic' | 'automatic_async' | 'manual';

function createHosted(captureMethod: CaptureMethod = 'manual') {
  return standIn.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: consultationLineItems,
    client_reference_id: 'case-1',
    success_url: 'http://app.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/payment-cancelled',
    metadata: { caseId: 'case-1' },
    payment_intent_data: { capture_method: captureMethod, metadata: { caseId: 'case-1' } },
  });
}

function createEmbedded() {
  return standIn.stripe.checkout.sessions.create({
    mode: 'payment',
    ui_mode: 'embedded_page',
    line_items: consultationLineItems,
    client_reference_id: 'case-2',
    return_url: 'http://app.test/visit/case-2?session_id={CHECKOUT_SESSION_ID}',
    payment_intent_data: { capture_method: 'manual' },
  });
}

/** Pays on the checkout page as the browser does; resolves after the webhooks' first attempt. */
async function pay(sessionId: string, query = ''): Promise<void> {
  const response = await standIn.pay(sessionId, {}, query);
  expect(response.status).toBe(303);
}

/** A paid manual-capture session: its id and its PaymentIntent's. */
async function authorized(): Promise<{ sessionId: string; id: string }> {
  const session = await createHosted();
  await pay(session.id);
  const { payment_intent } = await standIn.stripe.checkout.sessions.retrieve(session.id);
  if (typeof payment_intent !== 'string') throw new Error('expected a payment intent id');
  return { sessionId: session.id, id: payment_intent };
}

async function failure(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected Stripe to refuse');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Record<string, unknown>;
}

const CANCELABLE =
  'requires_payment_method, requires_capture, requires_confirmation, requires_action, processing';

describe('Checkout under manual capture', () => {
  it('takes payment_intent_data[capture_method] and refuses other values in Stripe’s words', async () => {
    const session = await createHosted('manual');
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    // Stripe does not echo payment_intent_data on the session.
    expect(session).not.toHaveProperty('payment_intent_data');

    const error = await failure(
      createHosted('later' as CaptureMethod), // a value stripe-node's types would refuse
    );
    expect(error).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      param: 'payment_intent_data[capture_method]',
      message:
        'Invalid payment_intent_data[capture_method]: must be one of automatic, automatic_async, or manual',
    });
  });

  it('hosted: authorizes only; the session is complete but unpaid, as Stripe sends it', async () => {
    const session = await createHosted();
    await pay(session.id);

    const [completed] = await receiver.waitForType<Stripe.Checkout.Session>(
      'checkout.session.completed',
    );
    expect(completed).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'unpaid',
    });
    const [capturable] = await receiver.waitForType<Stripe.PaymentIntent>(
      'payment_intent.amount_capturable_updated',
    );
    expect(capturable).toMatchObject({
      id: completed?.payment_intent,
      status: 'requires_capture',
      amount_capturable: 299,
      amount_received: 0,
      capture_method: 'manual',
      metadata: { caseId: 'case-1' },
    });
    for (const delivery of receiver.deliveries) {
      expect(() =>
        standIn.stripe.webhooks.constructEvent(delivery.body, delivery.signature, WEBHOOK_SECRET),
      ).not.toThrow();
    }

    const retrieved = await standIn.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent'],
    });
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const intent = retrieved.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'requires_capture',
      capture_method: 'manual',
      amount: 299,
      amount_capturable: 299,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      currency: 'usd',
    });
    expect(intent.latest_charge).toMatch(/^ch_test_/);
    expect(await standIn.stripe.paymentIntents.retrieve(intent.id)).toEqual(intent);
  });

  it('embedded: authorizes only, the same way', async () => {
    const session = await createEmbedded();
    await pay(session.id, '?embedded=1');
    const retrieved = await standIn.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent'],
    });
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(retrieved.payment_intent).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 299,
    });
  });

  it('automatic capture is unchanged: succeeded, paid, and one event', async () => {
    for (const method of ['automatic', 'automatic_async'] as const) {
      const session = await createHosted(method);
      await pay(session.id);
      const retrieved = await standIn.stripe.checkout.sessions.retrieve(session.id, {
        expand: ['payment_intent'],
      });
      expect(retrieved.payment_status).toBe('paid');
      expect(retrieved.payment_intent).toMatchObject({
        status: 'succeeded',
        capture_method: method,
        amount_received: 299,
        amount_capturable: 0,
      });
    }
    await receiver.waitFor(2);
    expect(receiver.types()).toEqual(['checkout.session.completed', 'checkout.session.completed']);
  });
});

describe('capture', () => {
  it('takes the authorized amount once: succeeded, charge captured, session paid', async () => {
    const { sessionId, id } = await authorized();
    const captured = await standIn.stripe.paymentIntents.capture(
      id,
      {},
      { idempotencyKey: 'cap-1' },
    );
    expect(captured).toMatchObject({
      id,
      status: 'succeeded',
      amount_received: 299,
      amount_capturable: 0,
    });
    const [succeeded] = await receiver.waitForType<Stripe.PaymentIntent>(
      'payment_intent.succeeded',
    );
    expect(succeeded).toMatchObject({ id, status: 'succeeded', amount_received: 299 });
    const [charge] = await receiver.waitForType<Stripe.Charge>('charge.captured');
    expect(charge).toMatchObject({
      id: captured.latest_charge,
      object: 'charge',
      captured: true,
      amount_captured: 299,
      payment_intent: id,
    });
    expect((await standIn.stripe.checkout.sessions.retrieve(sessionId)).payment_status).toBe(
      'paid',
    );

    const again = await failure(standIn.stripe.paymentIntents.capture(id));
    expect(again).toMatchObject({
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
      message:
        'This PaymentIntent could not be captured because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.',
    });
    const cancel = await failure(standIn.stripe.paymentIntents.cancel(id));
    expect(cancel).toMatchObject({
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
      message: `You cannot cancel this PaymentIntent because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE}.`,
    });
  });

  it('captures part of it (the rest is released), never more than authorized', async () => {
    const { id } = await authorized();
    const tooMuch = await failure(
      standIn.stripe.paymentIntents.capture(id, { amount_to_capture: 300 }),
    );
    expect(tooMuch).toMatchObject({ statusCode: 400, param: 'amount_to_capture' });
    const part = await standIn.stripe.paymentIntents.capture(id, { amount_to_capture: 100 });
    expect(part).toMatchObject({ status: 'succeeded', amount_received: 100, amount_capturable: 0 });
  });

  it('answers the first response again for the same idempotency key', async () => {
    const { id } = await authorized();
    const first = await standIn.stripe.paymentIntents.capture(
      id,
      {},
      { idempotencyKey: 'case-1-capture' },
    );
    const replay = await standIn.stripe.paymentIntents.capture(
      id,
      {},
      { idempotencyKey: 'case-1-capture' },
    );
    expect(replay).toEqual(first);
    await receiver.waitForType('payment_intent.succeeded');
    expect(receiver.types().filter((type) => type === 'payment_intent.succeeded')).toHaveLength(1);
  });

  it('refuses an unknown PaymentIntent with 404 resource_missing', async () => {
    const error = await failure(standIn.stripe.paymentIntents.capture('pi_test_nope'));
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_test_nope'",
    });
  });
});

describe('cancel (void)', () => {
  it('releases the authorization: canceled, nothing captured, one event', async () => {
    const { sessionId, id } = await authorized();
    const canceled = await standIn.stripe.paymentIntents.cancel(
      id,
      { cancellation_reason: 'abandoned' },
      { idempotencyKey: 'case-1-void' },
    );
    expect(canceled).toMatchObject({
      id,
      status: 'canceled',
      cancellation_reason: 'abandoned',
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: Math.floor(standIn.clock / 1000),
    });
    const [event] = await receiver.waitForType<Stripe.PaymentIntent>('payment_intent.canceled');
    expect(event).toMatchObject({ id, status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await standIn.stripe.paymentIntents.retrieve(id)).toEqual(canceled);
    // Same key, same answer; no second event.
    expect(
      await standIn.stripe.paymentIntents.cancel(
        id,
        { cancellation_reason: 'abandoned' },
        { idempotencyKey: 'case-1-void' },
      ),
    ).toEqual(canceled);
    expect((await standIn.stripe.checkout.sessions.retrieve(sessionId)).payment_status).toBe(
      'unpaid',
    );

    const again = await failure(standIn.stripe.paymentIntents.cancel(id));
    expect(again).toMatchObject({
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
      message: `You cannot cancel this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE}.`,
    });
    const capture = await failure(standIn.stripe.paymentIntents.capture(id));
    expect(capture).toMatchObject({
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
      message:
        'This PaymentIntent could not be captured because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.',
    });
    expect(receiver.types().filter((type) => type === 'payment_intent.canceled')).toHaveLength(1);
  });

  it('takes only Stripe’s cancellation reasons', async () => {
    const { id } = await authorized();
    const error = await failure(
      standIn.stripe.paymentIntents.cancel(id, {
        cancellation_reason: 'automatic' as Stripe.PaymentIntentCancelParams.CancellationReason,
      }),
    );
    expect(error).toMatchObject({ statusCode: 400, param: 'cancellation_reason' });
    expect(await standIn.stripe.paymentIntents.cancel(id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: null,
    });
  });
});

describe('races', () => {
  it('a capture racing a cancel: exactly one of them succeeds', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { id } = await authorized();
      const results = await Promise.allSettled([
        standIn.stripe.paymentIntents.capture(id, {}, { idempotencyKey: `capture-${round}` }),
        standIn.stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `void-${round}` }),
      ]);
      const succeeded = results.filter((result) => result.status === 'fulfilled');
      expect(succeeded).toHaveLength(1);
      const rejected = results.find((result) => result.status === 'rejected');
      expect(rejected?.reason).toMatchObject({ code: 'payment_intent_unexpected_state' });
      const final = await standIn.stripe.paymentIntents.retrieve(id);
      expect(final.status).toBe(
        (succeeded[0] as PromiseFulfilledResult<Stripe.PaymentIntent>).value.status,
      );
    }
  });

  it('ten concurrent captures with different keys: one capture', async () => {
    const { id } = await authorized();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        standIn.stripe.paymentIntents.capture(id, {}, { idempotencyKey: `capture-${i}` }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    await receiver.waitForType('payment_intent.succeeded');
    expect(receiver.types().filter((type) => type === 'payment_intent.succeeded')).toHaveLength(1);
  });
});

describe('refunds and authorizations', () => {
  it('refuses to refund an uncaptured payment (cancel it instead), refunds a captured one', async () => {
    const { id } = await authorized();
    const error = await failure(standIn.stripe.refunds.create({ payment_intent: id }));
    expect(error).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      message: `This uncaptured Charge was created by a PaymentIntent (${id}). You must cancel the PaymentIntent to reverse the authorization instead of refunding the Charge directly. For more information, see https://stripe.com/docs/payments/place-a-hold-on-a-payment-method`,
    });
    expect((await standIn.stripe.refunds.list({ payment_intent: id })).data).toEqual([]);

    await standIn.stripe.paymentIntents.capture(id, { amount_to_capture: 200 });
    const refund = await standIn.stripe.refunds.create({ payment_intent: id });
    expect(refund).toMatchObject({ amount: 200, status: 'succeeded', payment_intent: id });
  });

  it('a released authorization has nothing left to refund', async () => {
    const { id } = await authorized();
    await standIn.stripe.paymentIntents.cancel(id);
    await expect(standIn.stripe.refunds.create({ payment_intent: id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });
});

describe('the authorization’s expiry', () => {
  it('is cancelled by “Stripe” after 7 days, seen on read and on capture', async () => {
    const { id } = await authorized();
    standIn.clock += 7 * DAY_MS - 1000;
    expect((await standIn.stripe.paymentIntents.retrieve(id)).status).toBe('requires_capture');
    standIn.clock += 1000;
    const expired = await standIn.stripe.paymentIntents.retrieve(id);
    expect(expired).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'automatic',
      amount_capturable: 0,
    });
    expect(expired.canceled_at).toBe(expired.created + 7 * 24 * 60 * 60);
    const capture = await failure(standIn.stripe.paymentIntents.capture(id));
    expect(capture).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(capture.message).toContain('status of canceled');
  });

  it('a capture after the validity fails even if nobody read the PaymentIntent first', async () => {
    const { id } = await authorized();
    standIn.clock += 7 * DAY_MS;
    const error = await failure(standIn.stripe.paymentIntents.capture(id));
    expect(error.message).toContain('status of canceled');
    const [event] = await receiver.waitForType<Stripe.PaymentIntent>('payment_intent.canceled');
    expect(event).toMatchObject({ id, cancellation_reason: 'automatic' });
  });

  it('sends payment_intent.canceled (automatic) unasked, after the set validity', async () => {
    await standIn.restart({ authorizationValiditySeconds: 60 });
    const { id } = await authorized();
    const captured = await authorized();
    await standIn.stripe.paymentIntents.capture(captured.id);
    standIn.clock += 60_000;
    const [event] = await receiver.waitForType<Stripe.PaymentIntent>('payment_intent.canceled');
    expect(event).toMatchObject({ id, status: 'canceled', cancellation_reason: 'automatic' });
    // Only the uncaptured one expired, once.
    expect(receiver.types().filter((type) => type === 'payment_intent.canceled')).toHaveLength(1);
    expect((await standIn.stripe.paymentIntents.retrieve(captured.id)).status).toBe('succeeded');
  });
});
