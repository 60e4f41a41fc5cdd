import type { Session } from '#lib/auth/sessions';
import { enforceRateLimit, type RateLimitRule } from '#lib/rate-limit';
import { requestState } from '../request-state';
import { clientKeyOf } from '../client-address';
import type { HttpMiddleware } from '../types';

export type RateLimitFor<S = Session | null> = (input: {
  clientIp: string;
  session: S;
}) => RateLimitRule;

/** The route's rate limit (DESIGN.md §6), counted after validation and before the handler. */
export function rateLimit(ruleFor: RateLimitFor): HttpMiddleware {
  return {
    before: async ({ event }) => {
      await enforceRateLimit(
        ruleFor({ clientIp: clientKeyOf(event), session: requestState(event).session }),
      );
    },
  };
}
