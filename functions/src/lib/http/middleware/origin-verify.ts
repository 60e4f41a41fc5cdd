import { DEPENDENCY_FAILURE_MESSAGE } from '#core/dependency-failure';
import { forbidden, serviceUnavailable } from '#core/errors';
import { logger } from '#lib/logger';
import { cameThroughCloudFront } from '../client-address';
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
 * A proven request, every request CloudFront sends, passes without awaiting anything; only an
 * unproven one waits for `checkOriginProof`, which may reload a rotated secret.
 */
export function originVerify(): HttpMiddleware {
  return {
    before: ({ event }) => (cameThroughCloudFront(event) ? undefined : refuseUnproven(event)),
  };
}

async function refuseUnproven(event: Parameters<typeof checkOriginProof>[0]): Promise<void> {
  const proof = await checkOriginProof(event);
  if (proof === 'proven') return;
  if (proof === 'unconfigured') {
    logger.error('origin-verify secret missing: every request is refused');
    throw serviceUnavailable(DEPENDENCY_FAILURE_MESSAGE);
  }
  throw forbidden(DIRECT_REQUEST_MESSAGE);
}
