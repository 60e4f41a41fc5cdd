import { defineRoute } from '../../http/contract';
import { claimCaseRequestSchema, claimCaseResponseSchema } from '../provider-case';

/**
 * Provider only: one conditional write, so two providers never both win. The loser gets 409
 * with a message the 'Claim Failed' toast shows; a `providerId` other than the caller's is 403.
 */
export const claimCase = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases/claim',
  body: claimCaseRequestSchema,
  response: claimCaseResponseSchema,
});
