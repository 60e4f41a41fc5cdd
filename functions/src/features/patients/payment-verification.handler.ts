import { holdsPatientKey } from '#lib/auth/patient-key';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { loadPatientCase } from './load';
import { toPaymentVerification } from './views';

/** GET /api/patients/{patientId}/payment-verification: polled every second while visible. */
export const handler = httpHandler(routes.getPaymentVerification, {
  async handle({ params, event }) {
    const { patient, bundle } = await loadPatientCase(params.patientId);
    return {
      body: toPaymentVerification(patient, bundle, {
        patient: holdsPatientKey(event, bundle.case),
      }),
    };
  },
});
