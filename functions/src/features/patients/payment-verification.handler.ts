import { httpHandler } from '../../lib/http/handler';
import { httpRoutes } from '../../routes';
import { loadPatientCase } from './load';
import { toPaymentVerification } from './views';

/** GET /api/patients/{patientId}/payment-verification: polled every second while visible. */
export const handler = httpHandler(httpRoutes.getPaymentVerification, {
  async handle({ params }) {
    const { patient, bundle } = await loadPatientCase(params.patientId);
    return { body: toPaymentVerification(patient, bundle) };
  },
});
