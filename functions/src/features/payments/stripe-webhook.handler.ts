import type Stripe from 'stripe';
import { getCaseBundle } from '#db/cases/bundle';
import { badRequest } from '#core/errors';
import { header } from '#lib/http/request';
import { httpHandler } from '#lib/http/handler';
import { env } from '#core/env';
import { stripe } from '#lib/stripe';
import * as routes from '#routes';
import { paymentEvidence } from './checkout';
import { settlePayment } from '../cases/settle-payment';
import { recordIntentReport, type IntentReport } from './settlement';

const RECEIVED = { received: true } as const;

const PAYMENT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/** Stripe's word that an authorization was captured or cancelled (docs/adr/0024). */
const SETTLEMENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.canceled']);

/**
 * POST /api/stripe/webhook. The raw body's Stripe signature is verified before anything else;
 * a bad or missing one is a 400 and nothing is written. Payment events mark the case paid
 * through the one transition function, idempotent by event id, once Stripe's PaymentIntent says
 * the authorization holds (read again: under manual capture the event's session says 'unpaid').
 * A PaymentIntent captured or cancelled is recorded on the case's payment (docs/adr/0024).
 * Answers 200 for events it does not act on, so Stripe stops retrying them.
 */
export const handler = httpHandler(routes.stripeWebhook, {
  async handle({ body, event: request, log }) {
    const signature = header(request, 'stripe-signature');
    if (!signature) throw badRequest('Missing Stripe signature');
    // Loaded before the check, outside it: a failed load is not a bad signature.
    const client = await stripe();
    let event: Stripe.Event;
    try {
      event = client.webhooks.constructEvent(body.text, signature, env.stripeWebhookSecret);
    } catch {
      throw badRequest('Invalid Stripe signature');
    }

    if (SETTLEMENT_EVENTS.has(event.type)) {
      await recordIntentReport(event.data.object as IntentReport, log);
      return { body: RECEIVED };
    }
    if (!PAYMENT_EVENTS.has(event.type)) return { body: RECEIVED };
    const session = event.data.object as Stripe.Checkout.Session;
    const caseId = session.client_reference_id;
    const bundle = caseId ? await getCaseBundle(caseId) : null;
    if (!bundle) {
      log.warn('webhook for unknown case', { eventId: event.id });
      return { body: RECEIVED };
    }
    const evidence = await paymentEvidence(session.id, event.id).catch((error: unknown) => {
      // A session Stripe does not know (not one of this account's): nothing to mark paid.
      if ((error as { code?: unknown }).code === 'resource_missing') return null;
      throw error;
    });
    if (!evidence) {
      log.warn('webhook for a session Stripe does not know', { eventId: event.id });
      return { body: RECEIVED };
    }
    const result = await settlePayment(bundle.case, evidence, log);
    log.info('webhook processed', { eventId: event.id, outcome: result.outcome });
    return { body: RECEIVED };
  },
});
