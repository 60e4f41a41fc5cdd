import type { HttpRoute } from '#routes';
import { authorize, type AlongsideAccount } from '#lib/auth/authorize';
import { requestState } from '../request-state';
import type { HttpMiddleware } from '../types';

/**
 * The role check of the route's access level; the session it finds, and what the route reads
 * alongside the account (lib/auth/authorize.ts), go to the handler.
 */
export function authorization(
  route: Pick<HttpRoute, 'access' | 'beforePasswordChange'>,
  alongsideAccount?: AlongsideAccount<unknown>,
): HttpMiddleware {
  return {
    before: async ({ event }) => {
      const authorized = await authorize(route, event, { alongsideAccount });
      const state = requestState(event);
      state.session = authorized?.session ?? null;
      state.alongsideAccount = authorized?.alongside;
    },
  };
}
