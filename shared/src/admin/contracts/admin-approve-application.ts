import { applicationRefParamsSchema } from '../../doctor-applications/application-ref';
import { defineRoute } from '../../http/contract';
import { reviewRequestSchema, reviewResponseSchema } from '../api';

/** `{id}`: the admin list item's `id` or the application id (application-ref.ts). */
export const adminApproveApplication = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/admin/applications/{id}/approve',
  params: applicationRefParamsSchema,
  body: reviewRequestSchema,
  response: reviewResponseSchema,
});
