import { createLogger } from '#lib/logger';
import { beginRequest } from '../request-state';
import type { HttpMiddleware } from '../types';

/** First step: the request id, a logger that names the route, and the start time. */
export function requestContext(routeKey: string): HttpMiddleware {
  return {
    before: ({ event, context }) => {
      const requestId = event.requestContext?.requestId ?? context.awsRequestId;
      beginRequest(event, createLogger({ requestId, route: routeKey }));
    },
  };
}
