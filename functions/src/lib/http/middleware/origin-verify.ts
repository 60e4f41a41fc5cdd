import { forbidden } from '../../errors';
import { provesCloudFront } from '../origin-proof';
import type { HttpMiddleware } from '../types';

export const DIRECT_REQUEST_MESSAGE = 'Requests must come through the app’s own address';

/**
 * The API is reachable only through CloudFront (DESIGN.md §6, issue 11): when the
 * origin-verify secret is configured, a request without CloudFront's `x-origin-verify` (someone
 * calling API Gateway's own address) is refused with 403 before anything else reads it. Runs
 * after the secrets step, which loads that secret at cold start.
 */
export function originVerify(): HttpMiddleware {
  return {
    before: async ({ event }) => {
      if (!(await provesCloudFront(event))) throw forbidden(DIRECT_REQUEST_MESSAGE);
    },
  };
}
