import * as z from 'zod';
import { reviewRequestSchema } from '@shared/admin/api';
import { applicationIdSchema } from '@shared/doctor-applications/application-id';
import { sendEmail } from '../../lib/email';
import { httpHandler } from '../../lib/http/handler';
import type { HttpRoute } from '../../routes';
import { approvalEmail, rejectionEmail } from '../doctor-applications/emails';
import { reviewApplication, type Decision } from '../doctor-applications/review';
import { toAdminApplication } from './views';

/**
 * The approve and reject routes (spec doc 2 §7): the decision is stored with its audit entry,
 * then the doctor is emailed. A failed email is logged; the decision stands.
 */
export function reviewHandler(route: HttpRoute, decision: Decision) {
  return httpHandler(route, {
    params: z.object({ applicationId: applicationIdSchema }),
    body: reviewRequestSchema,
    async handle({ params, body, session, log }) {
      const outcome = await reviewApplication({
        applicationId: params.applicationId,
        decision,
        notes: body.notes,
        adminId: session!.subjectId,
      });
      const email =
        decision === 'approve' && outcome.credentials
          ? approvalEmail(outcome.application, outcome.credentials)
          : rejectionEmail(outcome.application, body.notes);
      let emailSent = true;
      try {
        await sendEmail(email);
      } catch (error) {
        emailSent = false;
        log.error('review email failed', { error: (error as Error).name });
      }
      return {
        body: { success: true, application: toAdminApplication(outcome.application), emailSent },
      };
    },
  });
}
