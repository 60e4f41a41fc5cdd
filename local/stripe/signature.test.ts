import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signStripePayload } from './signature';

const stripe = new Stripe('sk_test_signature');
const secret = 'whsec_test_signature';

describe('signStripePayload', () => {
  it('produces the header stripe-node produces and verifies', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const header = signStripePayload(payload, secret, timestamp);
    expect(header).toBe(stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }));
    expect(stripe.webhooks.constructEvent(payload, header, secret).id).toBe('evt_1');
  });

  it('fails verification with another secret or a changed body', () => {
    const payload = '{"id":"evt_2"}';
    const header = signStripePayload(payload, secret, Math.floor(Date.now() / 1000));
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
    expect(() => stripe.webhooks.constructEvent('{"id":"evt_3"}', header, secret)).toThrow();
  });
});
