import { defineRoute } from '../../http/contract';
import { adminPageQuerySchema } from '../page';
import { adminCasePageSchema } from '../case-rows';

/** One page of the case overview, newest first. */
export const adminListCases = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/admin/cases',
  query: adminPageQuerySchema,
  response: adminCasePageSchema,
});
