import {
  providerConnections,
  providerRoomConnections,
  type ConnectionRecord,
} from '#db/connections';
import { settleWithLimit } from '../concurrency';
import { closeConnection } from './push';
import { dismissDoctorConnections } from './room-parties';

/** Management API calls in flight at once while closing many connections. */
const CLOSE_CONCURRENCY = 16;

/** Closes connections (Management API DELETE) and forgets them; answers how many failed. */
export async function closeConnections(connections: readonly ConnectionRecord[]): Promise<number> {
  const results = await settleWithLimit(connections, CLOSE_CONCURRENCY, (connection) =>
    closeConnection(connection.connectionId),
  );
  return results.filter((result) => result.status === 'rejected').length;
}

/**
 * Closes the sockets of a provider, alert and room alike: all of them (revocation, password
 * change), or only those a set of sessions opened (sign-out of one session). The rooms' patient
 * pages hear that the doctor left (docs/adr/0013-room-connections.md). Answers how many failed.
 */
export async function closeProviderConnections(
  providerId: string,
  onlySessionIds?: readonly string[],
): Promise<number> {
  const [alerts, rooms] = await Promise.all([
    providerConnections(providerId),
    providerRoomConnections(providerId),
  ]);
  const opened = (sessionId: string | undefined) =>
    !onlySessionIds || (sessionId !== undefined && onlySessionIds.includes(sessionId));
  const [alertFailures, roomFailures] = await Promise.all([
    closeConnections(alerts.filter((connection) => opened(connection.sessionId))),
    dismissDoctorConnections(rooms.filter((connection) => opened(connection.sessionId))),
  ]);
  return alertFailures + roomFailures;
}
