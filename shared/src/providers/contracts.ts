import { checkEmailQuerySchema, checkEmailResponseSchema } from '../doctor-applications/submit';
import { defineRoute } from '../http/contract';
import { providerLoginRequestSchema, providerLoginResponseSchema } from './api';

/** Provider routes (spec doc 2 §7). */

export const providerLogin = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/provider/login',
  body: providerLoginRequestSchema,
  response: providerLoginResponseSchema,
});

/** Is the address already an application or a provider (the application form asks). */
export const checkProviderEmail = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/providers/check-email',
  query: checkEmailQuerySchema,
  response: checkEmailResponseSchema,
});
