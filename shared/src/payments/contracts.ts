import {
  createCheckoutSessionRequestSchema,
  createCheckoutSessionResponseSchema,
  manualPaymentCompleteRequestSchema,
  paymentSyncResponseSchema,
} from '../cases/api';
import { defineRoute } from '../http/contract';
import { patientParamsSchema } from '../patients/api';
import { stripeWebhookResponseSchema } from './webhook';

/** Payment routes (spec doc 1 §7, DESIGN.md §2, §5). */

export const createCheckoutSession = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/create-checkout-session',
  body: createCheckoutSessionRequestSchema,
  response: createCheckoutSessionResponseSchema,
});

/** Stripe, not the caller, decides whether the case is paid. */
export const manualPaymentComplete = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/manual-payment-complete',
  body: manualPaymentCompleteRequestSchema,
  response: paymentSyncResponseSchema,
});

/** The spec sends no body here (an empty JSON body is accepted); Stripe decides, as above. */
export const testPaymentComplete = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/test/payment-complete/{patientId}',
  params: patientParamsSchema,
  response: paymentSyncResponseSchema,
});

/**
 * Stripe's signed event. The body is raw text (its signature covers the exact bytes), so there
 * is no JSON body schema: the handler verifies and parses it with stripe-node.
 */
export const stripeWebhook = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/stripe/webhook',
  response: stripeWebhookResponseSchema,
});
