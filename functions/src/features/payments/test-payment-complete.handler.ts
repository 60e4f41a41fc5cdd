import * as z from 'zod';
import { patientIdSchema } from '@shared/patients/api';
import { getPatient } from '../../db/cases';
import { notFound } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import { httpRoutes } from '../../routes';
import { loadCase } from '../cases/load';
import { syncPaymentWithStripe } from './sync';

export const PATIENT_NOT_FOUND = 'Patient not found';

/**
 * POST /api/test/payment-complete/{patientId}: the verification page's synchronisation when the
 * webhook has not arrived yet. Despite its name it grants nothing on its own: Stripe decides.
 */
export const handler = httpHandler(httpRoutes.testPaymentComplete, {
  successFlag: true,
  params: z.object({ patientId: patientIdSchema }),
  rateLimit: ({ clientIp }) => ({
    bucket: 'payment-sync',
    subject: clientIp,
    limit: 60,
    windowSeconds: 60,
  }),
  async handle({ params, log }) {
    const patient = await getPatient(params.patientId);
    if (!patient) throw notFound(PATIENT_NOT_FOUND);
    return { body: await syncPaymentWithStripe(await loadCase(patient.caseId), log) };
  },
});
