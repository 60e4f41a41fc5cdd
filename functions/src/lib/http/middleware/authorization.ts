import type { HttpRoute } from '../../../routes';
import { authorize } from '../../auth/authorize';
import { requestState } from '../request-state';
import type { HttpMiddleware } from '../types';

/** The role check of the route's access level; the session it finds goes to the handler. */
export function authorization(
  route: Pick<HttpRoute, 'access' | 'beforePasswordChange'>,
): HttpMiddleware {
  return {
    before: async ({ event }) => {
      requestState(event).session = await authorize(route, event);
    },
  };
}
