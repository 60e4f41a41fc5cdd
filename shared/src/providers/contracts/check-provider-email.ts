import { checkEmailQuerySchema, checkEmailResponseSchema } from '../../doctor-applications/submit';
import { defineRoute } from '../../http/contract';

/** Is the address already an application or a provider (the application form asks). */
export const checkProviderEmail = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/providers/check-email',
  query: checkEmailQuerySchema,
  response: checkEmailResponseSchema,
});
