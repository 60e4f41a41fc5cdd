import { providerConnections, type ConnectionRecord } from '../../db/connections';
import { settleWithLimit } from '../../lib/concurrency';
import { closeConnection } from '../../lib/realtime/push';

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
 * Closes the alert sockets of a provider: all of them (revocation, password change), or only
 * those a set of sessions opened (sign-out of one session).
 */
export async function closeProviderConnections(
  providerId: string,
  onlySessionIds?: readonly string[],
): Promise<number> {
  const connections = await providerConnections(providerId);
  const closing = onlySessionIds
    ? connections.filter((connection) => onlySessionIds.includes(connection.sessionId))
    : connections;
  return closeConnections(closing);
}
