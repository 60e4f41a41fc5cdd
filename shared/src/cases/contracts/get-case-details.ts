import { defineRoute } from '../../http/contract';
import { caseParamsSchema } from '../case-id';

/** Not built yet (provider dashboard issue). */
export const getCaseDetails = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/cases/{caseId}/details',
  params: caseParamsSchema,
});
