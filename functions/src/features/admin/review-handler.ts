import { sendEmail } from '../../lib/email';
import { httpHandler } from '../../lib/http/handler';
import type * as routes from '../../routes';
import { approvalEmail, rejectionEmail } from '../doctor-applications/emails';
import { reviewApplication, type Decision } from '../doctor-applications/review';
import { toAdminApplication } from './views';

type ReviewRoute = typeof routes.adminApproveApplication | typeof routes.adminRejectApplication;

/**
 * The approve and reject routes (spec doc 2 §7): `{id}` is the admin list item's id or the
 * application id. The decision is stored with its audit entry, then the doctor is emailed (only
 * by the review that took effect: a review that lost a race answered 409 before). A failed email
 * is logged; the decision stands.
 */
export function reviewHandler(route: ReviewRoute, decision: Decision) {
  return httpHandler(route, {
    async handle({ params, body, session, log }) {
      const outcome = await reviewApplication({
        application: params.id,
        decision,
        notes: body.notes,
        adminId: session.subjectId,
        expectedVersion: body.expectedVersion,
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
        body: {
          success: true as const,
          application: toAdminApplication(outcome.application),
          emailSent,
        },
      };
    },
  });
}
