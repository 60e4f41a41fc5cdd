import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { createLogger, errorFields, type Logger } from '../logger';
import { loadSecrets } from '../secrets';

export type WebSocketEvent = APIGatewayProxyWebsocketEventV2;
/** `$connect` also carries the upgrade request's headers and query string. */
export type WebSocketConnectEvent = WebSocketEvent & {
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
};
type WebSocketResult = APIGatewayProxyResultV2;

/** A failed event is logged by name only and answered 500, revealing nothing. */
const errorHandler: MiddlewareObj<WebSocketEvent, WebSocketResult, Error, Context> = {
  onError: (request) => {
    createLogger({ route: request.event.requestContext?.routeKey }).error(
      'websocket failed',
      errorFields(request.error),
    );
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
