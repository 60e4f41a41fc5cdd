import { applicationRefParamsSchema } from '../../doctor-applications/application-ref';
import { defineRoute } from '../../http/contract';
import { noContentSchema } from '../../http/no-content';

/**
 * The admin resets the second factor of the provider an approved application created (issue
 * 25): the factor and its recovery codes are deleted, every session of the provider ends, and
 * the next sign-in enrols again. `{id}`: the admin list item's `id` or the application id.
 */
export const adminResetSecondFactor = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/admin/applications/{id}/reset-second-factor',
  params: applicationRefParamsSchema,
  response: noContentSchema,
});
