import { clientMessageSchema, type ServerMessage } from '@shared/realtime/api';
import { closeConnection, pushToConnection } from '../../lib/realtime/push';
import { webSocketHandler } from '../../lib/realtime/handler';
import { allowedConnection } from './listeners';

function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
}

/**
 * `$default`: clients only ever send `{"action":"ping"}`, a keep-alive within API Gateway's
 * 10-minute idle timeout. Each ping re-checks the connection's session and account, so a socket
 * whose session expired is closed within one ping interval even when no alert is sent; a live
 * one gets `{"type":"PONG"}`. Anything else is ignored with 400.
 */
export const handler = webSocketHandler(async (event) => {
  if (!clientMessageSchema.safeParse(parseJson(event.body)).success) return 400;
  const { connectionId } = event.requestContext;
  if (!(await allowedConnection(connectionId))) {
    await closeConnection(connectionId);
    return 200;
  }
  const pong: ServerMessage = { type: 'PONG' };
  await pushToConnection(connectionId, pong);
  return 200;
});
