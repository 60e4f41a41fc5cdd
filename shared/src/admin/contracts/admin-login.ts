import { defineRoute } from '../../http/contract';
import { adminLoginRequestSchema, adminLoginResponseSchema } from '../api';

export const adminLogin = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/admin/login',
  body: adminLoginRequestSchema,
  response: adminLoginResponseSchema,
});
