import { feedbackMessages } from '@shared/cases/feedback';
import { conflict } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { submitCaseFeedback } from './feedback';
import { loadCase } from './load';

/**
 * POST /api/cases/{caseId}/feedback (public: the case id is the capability). 404 for an unknown
 * case, 409 until the consultation has ended and after feedback was given; the rating is
 * checked by the contract ('Please select a rating'). The comments are patient data and are
 * never logged.
 */
export const handler = httpHandler(routes.submitFeedback, {
  async handle({ params, body, log }) {
    const bundle = await loadCase(params.caseId);
    // MERGE NOTE (issue 9): once `effectiveCase` reads an in-call case past its `endsAt` as
    // completed, end it first with `endMeeting(caseId, 'timer', now)` (features/meetings/end.ts),
    // so feedback given in the minute before Scheduler's end is accepted.
    if (bundle.case.status !== 'completed') throw conflict(feedbackMessages.notEnded);
    const outcome = await submitCaseFeedback(bundle.case.id, body.rating, body.feedback);
    if (outcome === 'not_ended') throw conflict(feedbackMessages.notEnded);
    if (outcome === 'already_submitted') throw conflict(feedbackMessages.alreadySubmitted);
    log.info('feedback submitted', { caseId: bundle.case.id });
    return { status: 201, body: { success: true as const } };
  },
});
