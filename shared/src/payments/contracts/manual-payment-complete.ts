import { manualPaymentCompleteRequestSchema, paymentSyncResponseSchema } from '../../cases/payment';
import { defineRoute } from '../../http/contract';

/** Stripe, not the caller, decides whether the case is paid. */
export const manualPaymentComplete = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/manual-payment-complete',
  body: manualPaymentCompleteRequestSchema,
  response: paymentSyncResponseSchema,
});
