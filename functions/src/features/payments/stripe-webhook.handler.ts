import type Stripe from 'stripe';
import { getCaseBundle } from '../../db/cases';
import { badRequest } from '../../lib/errors';
import { header } from '../../lib/http/request';
import { httpHandler } from '../../lib/http/handler';
import { env } from '../../lib/env';
import { stripe } from '../../lib/stripe';
import * as routes from '../../routes';
import { evidenceFrom } from './checkout';
import { settlePayment } from './settle';

const RECEIVED = { received: true } as const;

const PAYMENT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/**
 * POST /api/stripe/webhook. The raw body's Stripe signature is verified before anything else;
 * a bad or missing one is a 400 and nothing is written. Payment events mark the case paid
 * through the one transition function, idempotent by event id. Answers 200 for events it does
 * not act on, so Stripe stops retrying them.
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

    if (!PAYMENT_EVENTS.has(event.type)) return { body: RECEIVED };
    const session = event.data.object as Stripe.Checkout.Session;
    const caseId = session.client_reference_id;
    const bundle = caseId ? await getCaseBundle(caseId) : null;
    if (!bundle) {
      log.warn('webhook for unknown case', { eventId: event.id });
      return { body: RECEIVED };
    }
    const result = await settlePayment(bundle.case, evidenceFrom(session, event.id), log);
    log.info('webhook processed', { eventId: event.id, outcome: result.outcome });
    return { body: RECEIVED };
  },
});
