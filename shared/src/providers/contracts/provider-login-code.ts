import { defineRoute } from '../../http/contract';
import { secondFactorRequestSchema } from '../../second-factor/api';
import { providerLoginCodeResponseSchema } from '../api';

/** The second step of the sign-in (issue 25): the code, then the session cookie. */
export const providerLoginCode = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/provider/login/code',
  body: secondFactorRequestSchema,
  response: providerLoginCodeResponseSchema,
});
