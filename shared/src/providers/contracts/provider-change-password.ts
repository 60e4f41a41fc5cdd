import { defineRoute } from '../../http/contract';
import { providerPasswordRequestSchema, providerSessionSchema } from '../api';

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
