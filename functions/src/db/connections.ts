import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { connectionListIndexKey, epochSeconds, keys } from './keys';

/** API Gateway closes WebSocket connections after 2 hours; the item expires with it. */
const CONNECTION_LIFETIME_MS = 2 * 60 * 60 * 1000;

export async function saveConnection(connectionId: string, now = new Date()): Promise<void> {
  const connectedAt = now.toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.webSocketConnection(connectionId),
        ...connectionListIndexKey(connectedAt, connectionId),
        entity: 'WebSocketConnection',
        connectionId,
        connectedAt,
        ttl: epochSeconds(new Date(now.getTime() + CONNECTION_LIFETIME_MS)),
      },
    }),
  );
}

export async function deleteConnection(connectionId: string): Promise<void> {
  await db().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.webSocketConnection(connectionId) }),
  );
}
