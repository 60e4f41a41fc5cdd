import { defineRoute } from '../../http/contract';
import { caseParamsSchema } from '../case-id';

/** Not built yet (feedback issue). */
export const submitFeedback = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases/{caseId}/feedback',
  params: caseParamsSchema,
});
