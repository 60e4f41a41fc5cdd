import type { HttpRoute } from '#routes';
import { parseBody } from '../body';
import { requestState } from '../request-state';
import type { HttpMiddleware } from '../types';

/** The route's body cap and media type (413, 415) and well-formed JSON (400). */
export function bodyParsing(route: Pick<HttpRoute, 'body' | 'maxBodyBytes'>): HttpMiddleware {
  return {
    before: ({ event }) => {
      requestState(event).body = parseBody(route, event);
    },
  };
}
