import { defineRoute } from '../../http/contract';
import { secondFactorRequestSchema } from '../../second-factor/api';
import { adminLoginCodeResponseSchema } from '../api';

/** The second step of the sign-in (issue 25): the code, then `{ token, adminId }`. */
export const adminLoginCode = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/admin/login/code',
  body: secondFactorRequestSchema,
  response: adminLoginCodeResponseSchema,
});
