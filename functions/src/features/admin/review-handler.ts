import { sendEmail } from '#lib/email';
import { httpHandler } from '#lib/http/handler';
import type * as routes from '#routes';
import { approvalEmail, rejectionEmail } from '../doctor-applications/emails';
import { reviewApplication, type Decision } from '../doctor-applications/review';
import { toAdminApplication } from './views';

type ReviewRoute = typeof routes.adminApproveApplication | typeof routes.adminRejectApplication;

/**
 * The approve and reject routes (spec doc 2 §7): `{id}` is the admin list item's id or the
 * application id. The decision is stored with its audit entry, then the doctor is emailed (only
 * by the review that took effect: a review that lost a race answered 409 before). A failed email
 * answers 503; the decision stands, and deciding again (on the new version) sends it again.
 */
export function reviewHandler(route: ReviewRoute, decision: Decision) {
  return httpHandler(route, {
    async handle({ params, body, session }) {
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
      // A failed send is a 503 (issue 10 item 9): the approval's credentials exist only in this
      // email, so the admin must not see success without it. The decision is stored; deciding
      // again sends a new email (an approval with fresh credentials).
      await sendEmail(email);
      return {
        body: {
          success: true as const,
          application: toAdminApplication(outcome.application),
          emailSent: true,
        },
      };
    },
  });
}
