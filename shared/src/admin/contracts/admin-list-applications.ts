import { defineRoute } from '../../http/contract';
import { adminApplicationPageSchema, adminApplicationsQuerySchema } from '../api';

/** One page, newest first; `status` omitted for All. */
export const adminListApplications = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/admin/applications',
  query: adminApplicationsQuerySchema,
  response: adminApplicationPageSchema,
});
