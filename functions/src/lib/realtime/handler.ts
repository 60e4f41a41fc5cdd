import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { DEPENDENCY_RETRY_AFTER_SECONDS, dependencyFailure } from '#core/dependency-failure';
import { createLogger, errorFields, type Logger } from '../logger';
import { loadSecrets } from '../secrets';

export type WebSocketEvent = APIGatewayProxyWebsocketEventV2;
/** `$connect` also carries the upgrade request's headers and query string. */
export type WebSocketConnectEvent = WebSocketEvent & {
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
};
type WebSocketResult = APIGatewayProxyResultV2;

/**
 * A failed event is logged by name only and answered 500, revealing nothing; a failed or
 * timed-out dependency is a `dependency failed` warning and 503 (a refused `$connect` the client
 * may retry), like the HTTP handlers (core/dependency-failure.ts).
 */
const errorHandler: MiddlewareObj<WebSocketEvent, WebSocketResult, Error, Context> = {
  onError: (request) => {
    const log = createLogger({ route: request.event.requestContext?.routeKey });
    const failure = dependencyFailure(request.error);
    if (failure) {
      log.warn('dependency failed', { ...errorFields(request.error), ...failure, status: 503 });
      request.response = {
        statusCode: 503,
        headers: { 'retry-after': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
      };
      return;
    }
    log.error('websocket failed', errorFields(request.error));
    request.response = { statusCode: 500 };
  },
};

/**
 * Factory for the WebSocket route handlers: the same logging rules as HTTP handlers (ids and
 * outcomes only, never message bodies).
 */
export function webSocketHandler<Event extends WebSocketEvent = WebSocketEvent>(
  handle: (event: Event, log: Logger) => Promise<number>,
) {
  return middy<Event, WebSocketResult, Error, Context>(async (event: Event) => {
    const log = createLogger({
      requestId: event.requestContext.requestId,
      route: event.requestContext.routeKey,
    });
    await loadSecrets();
    const statusCode = await handle(event, log);
    log.info('websocket event handled', { status: statusCode });
    return { statusCode };
  }).use(errorHandler);
}
