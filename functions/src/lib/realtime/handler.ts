import middy from '@middy/core';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { createLogger, type Logger } from '../logger';

export type WebSocketEvent = APIGatewayProxyWebsocketEventV2;

/**
 * Factory for the WebSocket route handlers: the same logging rules as HTTP handlers (ids and
 * outcomes only, never message bodies) and a 500 that reveals nothing.
 */
export function webSocketHandler(
  handle: (event: WebSocketEvent, log: Logger) => Promise<number>,
) {
  return middy<WebSocketEvent, APIGatewayProxyResultV2, Error, Context>(async (event: WebSocketEvent) => {
    const log = createLogger({
      requestId: event.requestContext.requestId,
      route: event.requestContext.routeKey,
    });
    const statusCode = await handle(event, log);
    log.info('websocket event handled', { status: statusCode });
    return { statusCode };
  }).use({
    onError: (request) => {
      createLogger({ route: request.event.requestContext?.routeKey }).error('websocket failed', {
        error: request.error?.name,
      });
      request.response = { statusCode: 500 };
    },
  });
}
