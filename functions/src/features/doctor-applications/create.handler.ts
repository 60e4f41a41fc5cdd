import type { DoctorApplicationSubmitResponse } from '@shared/doctor-applications/submit';
import { insertDoctorApplication } from '#db/doctor-applications';
import { httpHandler } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { newApplicationRecord } from './new-application';

/** POST /api/doctor-applications: a pending application (spec doc 2 §3), audited as CREATED. */
export const handler = httpHandler(routes.createDoctorApplication, {
  successFlag: true,
  rateLimit: ({ clientIp }) => rateLimitFor('applications', clientIp),
  async handle({ body }) {
    const record = newApplicationRecord(body);
    await insertDoctorApplication(record);
    const answer: DoctorApplicationSubmitResponse = {
      success: true,
      applicationId: record.applicationId,
      message: 'Your application has been submitted. We will review it within 1-2 business days.',
    };
    return { status: 201, body: answer };
  },
});
