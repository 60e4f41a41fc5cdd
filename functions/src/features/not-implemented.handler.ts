import type { Context } from 'aws-lambda';
import { HttpError } from '../lib/errors';
import { httpHandler, type HttpEvent } from '../lib/http/handler';
import { notImplementedRoutes, routeKey, type HttpRoute } from '../routes';

export const NOT_IMPLEMENTED_MESSAGE = 'This part of the service is not available yet.';

/**
 * Routes of the manifest that a later issue builds. Each still goes through the framework with
 * its own access level, so provider and admin routes refuse strangers before saying 501.
 */
const handlers = new Map<string, ReturnType<typeof httpHandler>>();

function handlerFor(route: HttpRoute) {
  const key = routeKey(route);
  let routeHandler = handlers.get(key);
  if (!routeHandler) {
    routeHandler = httpHandler(route, {
      handle: () => Promise.reject(new HttpError(501, NOT_IMPLEMENTED_MESSAGE)),
    });
    handlers.set(key, routeHandler);
  }
  return routeHandler;
}

export async function handler(event: HttpEvent, context: Context) {
  const route = notImplementedRoutes.find((candidate) => routeKey(candidate) === event.routeKey);
  if (!route) {
    return {
      statusCode: 404,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ message: 'Not found' }),
    };
  }
  return handlerFor(route)(event, context);
}
