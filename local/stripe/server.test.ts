import { readFile } from 'node:fs/promises';
import { Script } from 'node:vm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { consultationLineItems, useLocalStripe } from './testing';

/**
 * The stand-in driven by real stripe-node, a checkout form POST as a browser sends it, and a
 * webhook endpoint that verifies signatures with stripe.webhooks.constructEvent.
 */

const WEBHOOK_SECRET = 'whsec_local_test_secret';
const API_KEY = 'sk_test_local_stand_in';

const standIn = useLocalStripe({
  apiKey: API_KEY,
  webhookSecret: WEBHOOK_SECRET,
  tempDirPrefix: 'local-stripe-',
});
const { receiver } = standIn;

function createHosted(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return standIn.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: consultationLineItems,
    client_reference_id: 'case-123',
    success_url:
      'http://app.test/payment-success?case_id=case-123&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/payment-cancelled?case_id=case-123',
    metadata: { caseId: 'case-123' },
    ...extra,
  });
}

function createEmbedded(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return standIn.stripe.checkout.sessions.create({
    mode: 'payment',
    ui_mode: 'embedded_page',
    line_items: consultationLineItems,
    client_reference_id: 'case-456',
    return_url: 'http://app.test/visit/case-456?session_id={CHECKOUT_SESSION_ID}',
    metadata: { caseId: 'case-456' },
    ...extra,
  });
}

describe('Checkout Sessions API through stripe-node', () => {
  it('creates a hosted session shaped like Stripe’s', async () => {
    const session = await createHosted();
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      amount_total: 299,
      currency: 'usd',
      client_reference_id: 'case-123',
      metadata: { caseId: 'case-123' },
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      ui_mode: 'hosted_page',
      url: `${standIn.server.url}/checkout/${session.id}`,
      client_secret: null,
      payment_intent: null,
      cancel_url: 'http://app.test/payment-cancelled?case_id=case-123',
      livemode: false,
    });
    expect(session.success_url).toContain('{CHECKOUT_SESSION_ID}');
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);
  });

  it('creates embedded sessions, with the current and the pre-2026 ui_mode names', async () => {
    const session = await createEmbedded();
    expect(session).toMatchObject({ ui_mode: 'embedded_page', url: null, status: 'open' });
    expect(session.client_secret).toMatch(new RegExp(`^${session.id}_secret_[A-Za-z0-9]+$`));
    expect(session.return_url).toBe(
      'http://app.test/visit/case-456?session_id={CHECKOUT_SESSION_ID}',
    );

    const legacy = await createEmbedded({ ui_mode: 'embedded' });
    expect(legacy).toMatchObject({ ui_mode: 'embedded', url: null });
    expect(legacy.client_secret).toContain('_secret_');
  });

  it('retrieves a session, and answers 404 resource_missing for an unknown id', async () => {
    const created = await createEmbedded();
    const retrieved = await standIn.stripe.checkout.sessions.retrieve(created.id);
    expect(retrieved).toEqual(
      expect.objectContaining({ id: created.id, client_secret: created.client_secret }),
    );

    const error: unknown = await standIn.stripe.checkout.sessions
      .retrieve('cs_test_nope')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_nope'",
    });
  });

  it('requires a test secret key (401)', async () => {
    const response = await fetch(`${standIn.server.url}/v1/checkout/sessions/cs_test_x`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/did not provide an API key/);

    const live = standIn.connect('sk_live_abcdefghijklmnop');
    await expect(live.checkout.sessions.retrieve('cs_test_x')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('refuses missing and unknown parameters as Stripe does', async () => {
    const missing: unknown = await standIn.stripe.checkout.sessions
      .create({ mode: 'payment', success_url: 'http://app.test/ok' })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'line_items',
    });

    const unknown: unknown = await createHosted({
      payment_method_types: ['card'],
    } as Partial<Stripe.Checkout.SessionCreateParams>).catch((e: unknown) => e);
    expect(unknown).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'payment_method_types',
    });

    const embeddedWithSuccess: unknown = await createEmbedded({
      success_url: 'http://app.test/ok',
    }).catch((e: unknown) => e);
    expect(embeddedWithSuccess).toMatchObject({ statusCode: 400, param: 'success_url' });
  });

  it('replays a POST repeated with the same idempotency key', async () => {
    const first = await createHosted();
    const again = await standIn.stripe.checkout.sessions.create(
      { mode: 'payment', line_items: consultationLineItems, success_url: 'http://app.test/ok' },
      { idempotencyKey: 'key-1' },
    );
    const replay = await standIn.stripe.checkout.sessions.create(
      { mode: 'payment', line_items: consultationLineItems, success_url: 'http://app.test/ok' },
      { idempotencyKey: 'key-1' },
    );
    expect(replay.id).toBe(again.id);
    expect(replay.id).not.toBe(first.id);
  });
});

describe('checkout page', () => {
  it('renders an accessible form with the amount and a Cancel link (hosted)', async () => {
    const session = await createHosted();
    const response = await fetch(session.url ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await response.text();
    for (const [id, label] of [
      ['email', 'Email'],
      ['card_number', 'Card number'],
      ['expiry', 'Expiry (MM / YY)'],
      ['cvc', 'CVC'],
      ['name', 'Name on card'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('<button type="submit">Pay $2.99</button>');
    expect(html).toContain(
      '<a href="http://app.test/payment-cancelled?case_id=case-123">Cancel</a>',
    );
    expect(html).toContain(`action="/checkout/${session.id}/pay"`);
  });

  it('pays with 4242…: redirects to success_url, signs the webhook, marks the session paid', async () => {
    const session = await createHosted();
    const response = await standIn.pay(session.id);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `http://app.test/payment-success?case_id=case-123&session_id=${session.id}`,
    );

    const [delivery] = await receiver.waitFor(1);
    expect(delivery?.contentType).toContain('application/json');
    expect(delivery?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = standIn.stripe.webhooks.constructEvent(
      delivery?.body ?? '',
      delivery?.signature ?? '',
      WEBHOOK_SECRET,
    );
    expect(event.id).toMatch(/^evt_/);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.api_version).toBe(Stripe.API_VERSION);
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      client_reference_id: 'case-123',
      metadata: { caseId: 'case-123' },
      status: 'complete',
      payment_status: 'paid',
    });

    const retrieved = await standIn.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent'],
    });
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(retrieved.customer_details).toMatchObject({
      email: 'patient@example.com',
      name: 'Pat Doe',
    });
    const intent = retrieved.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ object: 'payment_intent', amount: 299, status: 'succeeded' });
    expect(intent.id).toMatch(/^pi_test_/);

    const stored = await readFile(standIn.dataFile, 'utf8');
    expect(stored).not.toContain('4242 4242');
    expect(stored).not.toContain('4242424242424242');
    expect(stored).toContain('"last4": "4242"');
  });

  it('declines 4000 0000 0000 0002 on the page, sends no webhook, and lets the form be retried', async () => {
    const session = await createHosted();
    const declined = await standIn.pay(session.id, { card_number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(200);
    const html = await declined.text();
    expect(html).toContain('<div class="alert" role="alert">Your card was declined.</div>');
    expect(html).toContain('value="patient@example.com"');
    expect(html).not.toMatch(/value="4000/); // the card number is never echoed back

    // No wait needed: a payment's answer comes after its webhook's first attempt reached the
    // endpoint (EventLog.deliver, pinned by the retry below), so a webhook of the decline would
    // be here already.
    expect(receiver.deliveries).toHaveLength(0);
    expect(await standIn.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
    });

    const retried = await standIn.pay(session.id);
    expect(retried.status).toBe(303);
    // Already delivered when the payment answers: what the absence checks above rely on.
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('explains invalid numbers, expired dates and missing CVCs', async () => {
    const session = await createHosted();
    const invalid = await standIn.pay(session.id, { card_number: '4111 1111 1111 1111' });
    expect(invalid.status).toBe(200);
    expect(await invalid.text()).toContain('Your card number is invalid.');

    const expired = await standIn.pay(session.id, { expiry: '01 / 20', cvc: '' });
    const html = await expired.text();
    expect(html).toContain('Your card&#39;s expiration date is in the past.');
    expect(html).toContain('Your card&#39;s security code is incomplete.');
    expect(html).toContain('aria-describedby="expiry-error"');
    expect((await standIn.stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe(
      'unpaid',
    );
  });

  it('cannot pay a paid session twice', async () => {
    const session = await createHosted();
    expect((await standIn.pay(session.id)).status).toBe(303);
    await receiver.waitFor(1);

    const second = await standIn.pay(session.id);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain('This checkout session has already been paid.');
    const page = await fetch(`${standIn.server.url}/checkout/${session.id}`);
    expect(await page.text()).toContain('This checkout session has already been paid.');
    // As above: a webhook of the refused second payment would have arrived before its answer.
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('embedded: completes inside the iframe and tells the parent page', async () => {
    const session = await createEmbedded();
    const form = await fetch(`${standIn.server.url}/checkout/${session.id}?embedded=1`);
    expect(form.headers.get('content-security-policy')).not.toContain('frame-ancestors');
    const formHtml = await form.text();
    expect(formHtml).toContain(`action="/checkout/${session.id}/pay?embedded=1"`);
    expect(formHtml).not.toContain('>Cancel<');

    const paid = await standIn.pay(session.id, {}, '?embedded=1');
    expect(paid.status).toBe(303);
    const location = paid.headers.get('location') ?? '';
    expect(location).toBe(`/checkout/${session.id}?completed=1&embedded=1`);
    const done = await (await fetch(`${standIn.server.url}${location}`)).text();
    expect(done).toContain('Payment complete');
    expect(done).toContain('"type":"local-stripe:complete"');
    expect(done).toContain(`"sessionId":"${session.id}"`);
    expect(done).toContain(`"returnUrl":"http://app.test/visit/case-456?session_id=${session.id}"`);

    const [delivery] = await receiver.waitFor(1);
    const event = standIn.stripe.webhooks.constructEvent(
      delivery?.body ?? '',
      delivery?.signature ?? '',
      WEBHOOK_SECRET,
    );
    expect((event.data.object as Stripe.Checkout.Session).id).toBe(session.id);
    expect((await standIn.stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe(
      'paid',
    );
  });

  it('says when a session has expired, and refuses to take payment', async () => {
    const session = await createHosted();
    standIn.clock += 24 * 60 * 60 * 1000 + 1000;
    expect((await standIn.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    expect(await (await fetch(`${standIn.server.url}/checkout/${session.id}`)).text()).toContain(
      'This checkout session has expired',
    );
    expect((await standIn.pay(session.id)).status).toBe(409);

    const other = await createHosted();
    const expired = await standIn.stripe.checkout.sessions.expire(other.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
  });
});

describe('webhooks, persistence and refunds', () => {
  it('retries a failed webhook delivery with a fresh signature', async () => {
    receiver.statuses.push(500);
    const session = await createHosted();
    expect((await standIn.pay(session.id)).status).toBe(303);
    const deliveries = await receiver.waitFor(2);
    const [first, second] = deliveries;
    expect(second?.body).toBe(first?.body);
    expect(
      standIn.stripe.webhooks.constructEvent(
        second?.body ?? '',
        second?.signature ?? '',
        WEBHOOK_SECRET,
      ).type,
    ).toBe('checkout.session.completed');
    // The dispatcher saves the delivery's state after the endpoint's answer: wait for the save.
    const storedDelivery = async () => {
      const stored = JSON.parse(await readFile(standIn.dataFile, 'utf8')) as {
        events: Record<string, { delivery: { status: string; attempts: number } }>;
      };
      return Object.values(stored.events)[0]?.delivery;
    };
    await expect.poll(storedDelivery).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('keeps sessions across a restart on the same data file', async () => {
    const open = await createEmbedded();
    const paid = await createHosted();
    expect((await standIn.pay(paid.id)).status).toBe(303);
    await receiver.waitFor(1);

    await standIn.restart();

    expect(await standIn.stripe.checkout.sessions.retrieve(open.id)).toMatchObject({
      status: 'open',
      client_secret: open.client_secret,
    });
    expect(await standIn.stripe.checkout.sessions.retrieve(paid.id)).toMatchObject({
      payment_status: 'paid',
    });
    expect((await standIn.pay(paid.id)).status).toBe(409);
  });

  it('refunds a paid payment intent once', async () => {
    const session = await createHosted();
    await standIn.pay(session.id);
    const { payment_intent } = await standIn.stripe.checkout.sessions.retrieve(session.id);
    if (typeof payment_intent !== 'string') throw new Error('expected a payment intent id');
    const refund = await standIn.stripe.refunds.create({ payment_intent });
    expect(refund).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 299,
      payment_intent,
    });
    expect(await standIn.stripe.refunds.retrieve(refund.id)).toMatchObject({ id: refund.id });
    await expect(standIn.stripe.refunds.create({ payment_intent })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    await expect(
      standIn.stripe.refunds.create({ payment_intent: 'pi_test_nope' }),
    ).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });
});

describe('idempotent refunds', () => {
  it('refunds once for one key, however many requests carry it at once', async () => {
    const session = await createHosted();
    await standIn.pay(session.id);
    const { payment_intent } = await standIn.stripe.checkout.sessions.retrieve(session.id);
    if (typeof payment_intent !== 'string') throw new Error('expected a payment intent id');
    // As the product calls it: stripe-node retries the 409 of a key still in use.
    const retrying = standIn.connect(API_KEY, { maxNetworkRetries: 3 });
    const refunds = await Promise.all(
      [1, 2, 3].map(() =>
        retrying.refunds.create({ payment_intent }, { idempotencyKey: 'case-refund-1' }),
      ),
    );
    expect(new Set(refunds.map((refund) => refund.id)).size).toBe(1);
    expect(refunds[0]).toMatchObject({ amount: 299, status: 'succeeded' });
    const listed = await standIn.stripe.refunds.list({ payment_intent });
    expect(listed.data.map((refund) => refund.id)).toEqual([refunds[0]?.id]);
    expect((await standIn.stripe.refunds.list({ payment_intent: 'pi_test_other' })).data).toEqual(
      [],
    );
  });
});

describe('the refund outage switch (test only)', () => {
  const outage = async (on?: boolean) => {
    const response = await fetch(`${standIn.server.url}/local/refund-outage`, {
      method: on === undefined ? 'GET' : 'PUT',
      ...(on === undefined ? {} : { body: JSON.stringify({ on }) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('refuses every refund while on, with a key kept for the refund after it', async () => {
    const session = await createHosted();
    await standIn.pay(session.id);
    const { payment_intent } = await standIn.stripe.checkout.sessions.retrieve(session.id);
    if (typeof payment_intent !== 'string') throw new Error('expected a payment intent id');
    expect(await outage(true)).toEqual({ status: 200, body: { on: true, refused: 0 } });
    const refund = () =>
      standIn.stripe.refunds.create({ payment_intent }, { idempotencyKey: 'case-refund-outage' });
    await expect(refund()).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    const during = (await outage()).body as { on: boolean; refused: number };
    expect(during.on).toBe(true);
    expect(during.refused).toBeGreaterThan(0);
    expect((await standIn.stripe.refunds.list({ payment_intent })).data).toEqual([]);

    // The refused request left nothing for its idempotency key: the same key refunds after.
    await outage(false);
    expect(await refund()).toMatchObject({ status: 'succeeded', amount: 299 });
    expect((await outage()).body).toMatchObject({ on: false });
  });

  it('takes only a boolean', async () => {
    expect((await outage()).status).toBe(200);
    const response = await fetch(`${standIn.server.url}/local/refund-outage`, {
      method: 'PUT',
      body: '{"on":"yes"}',
    });
    expect(response.status).toBe(400);
  });
});

describe('stripe.js', () => {
  it('is served as JavaScript that parses', async () => {
    const response = await fetch(`${standIn.server.url}/v3/stripe.js`);
    expect(response.headers.get('content-type')).toContain('javascript');
    const source = await response.text();
    expect(() => new Script(source)).not.toThrow(); // compiles without running
    expect(source).toContain('initEmbeddedCheckout');
  });
});
