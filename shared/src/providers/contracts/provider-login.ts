import { defineRoute } from '../../http/contract';
import { providerLoginRequestSchema, providerLoginResponseSchema } from '../api';

export const providerLogin = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/provider/login',
  body: providerLoginRequestSchema,
  response: providerLoginResponseSchema,
});
