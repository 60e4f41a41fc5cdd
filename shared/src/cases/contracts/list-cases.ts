import { defineRoute } from '../../http/contract';
import { caseListQuerySchema, caseListResponseSchema } from '../provider-case';

/** Provider only: one page of one dashboard list, with the four counters. */
export const listCases = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/cases',
  query: caseListQuerySchema,
  response: caseListResponseSchema,
});
