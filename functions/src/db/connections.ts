import * as z from 'zod';
import { epochSeconds, listEntry, type ItemKey } from './keys';
import { parseStored } from './records';
import { deleteItem, getItem, listQuery, putItem, queryPages } from './table';

/** Live WebSocket connections of signed-in providers, for alerts. */
export const WEBSOCKET_CONNECTION_ENTITY = 'WebSocketConnection';
const entity = { tag: WEBSOCKET_CONNECTION_ENTITY };

export const connectionKey = (connectionId: string): ItemKey => ({
  pk: `CONN#${connectionId}`,
  sk: 'CONNECTION',
});

// Marked pure so the realtime handlers that only save or delete connections (disconnect,
// default) bundle no zod: it is most of their size and import time.
export const connectionRecordSchema = /* @__PURE__ */ z.object({
  connectionId: /* @__PURE__ */ z.string(),
  connectedAt: /* @__PURE__ */ z.string(),
});
export type ConnectionRecord = z.infer<typeof connectionRecordSchema>;

/** API Gateway closes WebSocket connections after 2 hours; the item expires with it. */
const CONNECTION_LIFETIME_MS = 2 * 60 * 60 * 1000;

export async function saveConnection(connectionId: string, now = new Date()): Promise<void> {
  const connectedAt = now.toISOString();
  await putItem({
    ...connectionKey(connectionId),
    ...listEntry('CONNECTIONS', connectedAt, connectionId),
    entity: WEBSOCKET_CONNECTION_ENTITY,
    connectionId,
    connectedAt,
    ttl: epochSeconds(new Date(now.getTime() + CONNECTION_LIFETIME_MS)),
  });
}

export async function deleteConnection(connectionId: string): Promise<void> {
  await deleteItem(connectionKey(connectionId));
}

export async function getConnection(connectionId: string): Promise<ConnectionRecord | null> {
  const item = await getItem(connectionKey(connectionId));
  return item ? parseStored(connectionRecordSchema, entity, item) : null;
}

/** Access pattern: every live connection (gsi1 `CONNECTIONS`), one page of ids at a time. */
export async function* liveConnectionPages(): AsyncGenerator<string[]> {
  for await (const items of queryPages(listQuery('CONNECTIONS'))) {
    yield items.map((item) => parseStored(connectionRecordSchema, entity, item).connectionId);
  }
}
