import { defineRoute } from '../../http/contract';
import { caseParamsSchema } from '../case-id';
import { feedbackRequestSchema, feedbackResponseSchema } from '../feedback';

/**
 * Spec doc 1 §7. Public, with the patient's key (403 without it, docs/adr/0012): completed cases
 * only (409 `feedbackMessages.notEnded`), once (409 `feedbackMessages.alreadySubmitted`).
 */
export const submitFeedback = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases/{caseId}/feedback',
  params: caseParamsSchema,
  body: feedbackRequestSchema,
  response: feedbackResponseSchema,
});
