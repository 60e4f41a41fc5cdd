import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { loadCase } from './load';
import { takeNurseVisitStep } from './nurse-visit';

/**
 * POST /api/cases/{caseId}/nurse-visit (provider, the nurse who claimed the home visit only):
 * records the visit's time, marks it done, or marks the patient not reached and refunds
 * (features/cases/nurse-visit.ts, docs/adr/0022). A refund Stripe failed is 500 and is retried
 * by sending 'not reached' again.
 */
export const handler = httpHandler(routes.recordNurseVisit, {
  async handle({ params, body, session, log }) {
    const bundle = await loadCase(params.caseId);
    return { body: await takeNurseVisitStep(bundle, session.subjectId, body, log) };
  },
});
