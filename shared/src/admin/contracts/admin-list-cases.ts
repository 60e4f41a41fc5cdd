import { defineRoute } from '../../http/contract';
import { adminCaseListSchema } from '../case-rows';

export const adminListCases = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/admin/cases',
  response: adminCaseListSchema,
});
