import { defineRoute } from '../../http/contract';
import { providerSessionSchema } from '../api';
import { providerPasswordRequestSchema } from '../password';

/**
 * Replaces the provider's password (the first sign-in's forced change). 422 with
 * `providerPasswordMessages.currentWrong` when the current password is wrong.
 */
export const providerChangePassword = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/provider/password',
  body: providerPasswordRequestSchema,
  response: providerSessionSchema,
});
