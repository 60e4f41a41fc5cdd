import { httpHandler } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { loadPatientCase } from '../patients/load';
import { syncPaymentWithStripe } from '../cases/payment-sync';

/**
 * POST /api/test/payment-complete/{patientId}: the verification page's synchronisation when the
 * webhook has not arrived yet. Despite its name it grants nothing on its own: Stripe decides.
 */
export const handler = httpHandler(routes.testPaymentComplete, {
  successFlag: true,
  rateLimit: ({ clientIp }) => rateLimitFor('paymentSync', clientIp),
  async handle({ params, log }) {
    const { bundle } = await loadPatientCase(params.patientId);
    return { body: await syncPaymentWithStripe(bundle, log) };
  },
});
