import { httpHandler } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { loadCase } from '../cases/load';
import { syncPaymentWithStripe } from '../cases/payment-sync';

/**
 * POST /api/manual-payment-complete {caseId}: sent when embedded checkout completes and when the
 * visit page loads with `session_id`. Stripe decides, not the caller.
 */
export const handler = httpHandler(routes.manualPaymentComplete, {
  successFlag: true,
  rateLimit: ({ clientIp }) => rateLimitFor('paymentSync', clientIp),
  async handle({ body, log }) {
    return { body: await syncPaymentWithStripe(await loadCase(body.caseId), log) };
  },
});
