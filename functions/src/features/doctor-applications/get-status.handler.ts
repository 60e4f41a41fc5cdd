import * as z from 'zod';
import { applicationIdSchema } from '@shared/doctor-applications/application-id';
import { getDoctorApplication } from '../../db/doctor-applications';
import { env } from '../../lib/env';
import { notFound } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import { httpRoutes } from '../../routes';
import { APPLICATION_NOT_FOUND, toStatusResponse } from './status-lookup';

/** GET /api/doctor-applications/status/{applicationId} (spec doc 2 §7). */
export const handler = httpHandler(httpRoutes.getApplicationStatus, {
  successFlag: true,
  params: z.object({ applicationId: applicationIdSchema }),
  // Ids are short: without a limit a script could walk the id space (DESIGN.md §6).
  rateLimit: ({ clientIp }) => ({
    bucket: 'application-status',
    subject: clientIp,
    limit: env.statusLookupsPerMinute,
    windowSeconds: 60,
  }),
  async handle({ params }) {
    const application = await getDoctorApplication(params.applicationId);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    return { body: toStatusResponse(application) };
  },
});
