import { applicationParamsSchema } from '../../doctor-applications/application-id';
import { defineRoute } from '../../http/contract';
import { reviewRequestSchema, reviewResponseSchema } from '../api';

export const adminRejectApplication = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/admin/applications/{applicationId}/reject',
  params: applicationParamsSchema,
  body: reviewRequestSchema,
  response: reviewResponseSchema,
});
