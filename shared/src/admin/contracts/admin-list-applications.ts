import { defineRoute } from '../../http/contract';
import { adminApplicationListSchema, adminApplicationsQuerySchema } from '../api';

/** Newest first; `status` omitted for All. */
export const adminListApplications = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/admin/applications',
  query: adminApplicationsQuerySchema,
  response: adminApplicationListSchema,
});
