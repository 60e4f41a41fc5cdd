import { defineRoute } from '../../http/contract';
import { caseStatusResponseSchema } from '../api';
import { caseParamsSchema } from '../case-id';

/** Polled by the processing (2 s) and visit (5 s) pages. */
export const getCaseStatus = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/cases/{caseId}/status',
  params: caseParamsSchema,
  response: caseStatusResponseSchema,
});
