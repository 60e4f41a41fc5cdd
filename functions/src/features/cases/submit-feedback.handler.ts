import { feedbackMessages } from '@shared/cases/feedback';
import { requirePatientKey } from '#lib/auth/patient-key';
import { conflict } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { endMeeting } from '../meetings/end';
import { isPatientNoShow } from './call-joins';
import { effectiveCase } from './claim-lease';
import { submitCaseFeedback } from './feedback';
import { loadCase } from './load';

/**
 * POST /api/cases/{caseId}/feedback (public: the patient's key is the capability, docs/adr/0012).
 * 404 for an unknown case, 403 without the case's patient key, 409 until the consultation has ended and after feedback was given; the rating is
 * checked by the contract ('Please select a rating'). The comments are patient data and are
 * never logged. A call whose `endsAt` has passed counts as ended (DESIGN.md §7).
 */
export const handler = httpHandler(routes.submitFeedback, {
  async handle({ params, body, event, log }) {
    const bundle = await loadCase(params.caseId);
    requirePatientKey(event, bundle.case);
    const now = new Date();
    const current = effectiveCase(bundle.case, now);
    // A call the patient never joined has nothing to rate (docs/adr/0023); the end schedule
    // stores its end and refund.
    if (isPatientNoShow(current)) throw conflict(feedbackMessages.noConsultation);
    if (current.status !== 'completed') throw conflict(feedbackMessages.notEnded);
    // A call past its `endsAt` reads completed before Scheduler stores the end (up to a minute
    // later): store it now, the same idempotent end, so the feedback's condition holds.
    if (bundle.case.status !== 'completed') await endMeeting(bundle.case.id, 'timer', log, now);
    const outcome = await submitCaseFeedback(bundle.case.id, body.rating, body.feedback);
    if (outcome === 'not_ended') throw conflict(feedbackMessages.notEnded);
    if (outcome === 'already_submitted') throw conflict(feedbackMessages.alreadySubmitted);
    log.info('feedback submitted', { caseId: bundle.case.id });
    return { status: 201, body: { success: true as const } };
  },
});
