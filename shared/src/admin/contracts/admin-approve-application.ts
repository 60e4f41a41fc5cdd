import { applicationParamsSchema } from '../../doctor-applications/application-id';
import { defineRoute } from '../../http/contract';
import { reviewRequestSchema, reviewResponseSchema } from '../api';

export const adminApproveApplication = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/admin/applications/{applicationId}/approve',
  params: applicationParamsSchema,
  body: reviewRequestSchema,
  response: reviewResponseSchema,
});
