import { defineRoute } from '../../http/contract';
import { stripeWebhookResponseSchema } from '../webhook';

/**
 * Stripe's signed event. The body is raw text (its signature covers the exact bytes), so there
 * is no JSON body schema: the handler verifies and parses it with stripe-node.
 */
export const stripeWebhook = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/stripe/webhook',
  response: stripeWebhookResponseSchema,
});
