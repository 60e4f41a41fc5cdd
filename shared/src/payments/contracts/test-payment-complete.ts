import { paymentSyncResponseSchema } from '../../cases/payment';
import { defineRoute } from '../../http/contract';
import { patientParamsSchema } from '../../patients/api';

/** The spec sends no body here (an empty JSON body is accepted); Stripe decides, as above. */
export const testPaymentComplete = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/test/payment-complete/{patientId}',
  params: patientParamsSchema,
  response: paymentSyncResponseSchema,
});
