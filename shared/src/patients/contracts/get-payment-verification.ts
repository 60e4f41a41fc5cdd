import { defineRoute } from '../../http/contract';
import { patientParamsSchema, paymentVerificationResponseSchema } from '../api';

/** Polled every second by the payment verification page. */
export const getPaymentVerification = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/patients/{patientId}/payment-verification',
  params: patientParamsSchema,
  response: paymentVerificationResponseSchema,
});
