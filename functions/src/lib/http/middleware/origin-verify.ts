import { DEPENDENCY_FAILURE_MESSAGE } from '../../dependency-failure';
import { forbidden, serviceUnavailable } from '../../errors';
import { logger } from '../../logger';
import { checkOriginProof } from '../origin-proof';
import type { HttpMiddleware } from '../types';

export const DIRECT_REQUEST_MESSAGE = 'Requests must come through the app’s own address';

/**
 * The API is reachable only through CloudFront (DESIGN.md §6, docs/adr/0011-origin-authorizer.md):
 * API Gateway's authorizer already refused requests without CloudFront's `x-origin-verify`; the
 * handler checks again, so a route added without the authorizer (or sam local) is no way around it.
 * A direct request is refused with 403 before anything else reads it. A function holding no secret
 * value refuses everything with 503 (a broken deploy, not a client's mistake) and logs it: a
 * missing value never turns the check off. Runs after the secrets step, which loads the secret.
 */
export function originVerify(): HttpMiddleware {
  return {
    before: async ({ event }) => {
      const proof = await checkOriginProof(event);
      if (proof === 'proven') return;
      if (proof === 'unconfigured') {
        logger.error('origin-verify secret missing: every request is refused');
        throw serviceUnavailable(DEPENDENCY_FAILURE_MESSAGE);
      }
      throw forbidden(DIRECT_REQUEST_MESSAGE);
    },
  };
}
