import { defineRoute } from '../../http/contract';
import { applicationParamsSchema } from '../application-id';
import { applicationStatusResponseSchema } from '../status';

export const getApplicationStatus = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/doctor-applications/status/{applicationId}',
  params: applicationParamsSchema,
  response: applicationStatusResponseSchema,
});
