import { getDoctorApplication } from '#db/doctor-applications';
import { notFound } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { APPLICATION_NOT_FOUND, toStatusResponse } from './status-lookup';

/** GET /api/doctor-applications/status/{applicationId} (spec doc 2 §7). */
export const handler = httpHandler(routes.getApplicationStatus, {
  successFlag: true,
  rateLimit: ({ clientIp }) => rateLimitFor('applicationStatus', clientIp),
  async handle({ params }) {
    const application = await getDoctorApplication(params.applicationId);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    return { body: toStatusResponse(application) };
  },
});
