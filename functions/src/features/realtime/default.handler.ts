import { clientMessageSchema, type ServerMessage } from '@shared/realtime/api';
import { closeConnection, pushToConnection } from '#lib/realtime/push';
import { webSocketHandler } from '#lib/realtime/handler';
import { handleRoomMessage, roomClientMessageSchema } from '../rooms/room-messages';
import { spendConnectionFrame } from './frame-budget';
import { recordDashboardHeartbeat } from './heartbeat';
import { checkListeners } from '#lib/realtime/listeners';

function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
}

/**
 * `$default`, by the connection's channel. Alert and case connections only ever send
 * `{"action":"ping"}`, a keep-alive within API Gateway's 10-minute idle timeout; for an alert
 * connection each ping re-checks its session and account, so a socket whose session expired is
 * closed within one ping interval even when no alert is sent; a live one gets
 * `{"type":"PONG"}`. A dashboard also sends its heartbeat (issue 28, doctors on duty:
 * features/realtime/heartbeat.ts), checked the same way and recorded, with no answer; from any
 * other connection it is refused with 400. Room connections also
 * send their hello and signals (features/rooms/room-messages.ts). Anything else is ignored
 * with 400; an unknown connection is closed. Every frame first spends one of the connection's
 * message budget (features/realtime/frame-budget.ts): a connection over it is closed before its
 * frame does anything (issue 25: a flooding socket must not stall other rooms).
 */
export const handler = webSocketHandler(async (event, log) => {
  const { connectionId, requestTimeEpoch } = event.requestContext;
  const body = parseJson(event.body);
  const { connection, overBudget, firstRefusal } = await spendConnectionFrame(
    connectionId,
    requestTimeEpoch,
  );
  if (overBudget) {
    // Closed once, by the frame that found it over; later frames of the flood only hear 429.
    if (firstRefusal) {
      log.warn('connection over its message budget closed', { connectionId });
      await closeConnection(connectionId);
    }
    return 429;
  }
  if (connection?.channel === 'room') {
    const message = roomClientMessageSchema.safeParse(body);
    if (!message.success) return 400;
    await handleRoomMessage(connection, message.data, log);
    return 200;
  }
  const message = clientMessageSchema.safeParse(body);
  if (!message.success) return 400;
  // Only a dashboard has a duty to report (an unknown connection is closed below).
  if (message.data.action === 'heartbeat' && connection?.channel === 'case') return 400;
  // A case connection's capability (the case id) does not lapse: its ping is only a keep-alive.
  const live =
    connection?.channel === 'case' ||
    (connection?.channel === 'provider-alerts' &&
      (await checkListeners([connection])).allowed.length > 0);
  if (!live) {
    await closeConnection(connectionId);
    return 200;
  }
  if (message.data.action === 'heartbeat') {
    await recordDashboardHeartbeat(connectionId, message.data, requestTimeEpoch);
    return 200;
  }
  const pong: ServerMessage = { type: 'PONG' };
  await pushToConnection(connectionId, pong);
  return 200;
});
