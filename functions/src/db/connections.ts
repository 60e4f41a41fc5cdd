import * as z from 'zod';
import { epochSeconds, listEntry, type ItemKey } from './keys';
import { parseStored } from './records';
import {
  deleteItem,
  getItem,
  indexQuery,
  listQuery,
  putItem,
  queryAll,
  queryPages,
  type StoredItem,
} from './table';

/**
 * Live WebSocket connections and who opened them (DESIGN.md §6): the provider account and the
 * session, re-checked before every push. `channel` keeps the provider alert list apart from the
 * connections of later features (video rooms), which will have lists of their own.
 */
export const WEBSOCKET_CONNECTION_ENTITY = 'WebSocketConnection';
const entity = { tag: WEBSOCKET_CONNECTION_ENTITY };

export const connectionKey = (connectionId: string): ItemKey => ({
  pk: `CONN#${connectionId}`,
  sk: 'CONNECTION',
});
/** `gsi2`: the connections of one provider, closed together on sign-out or revocation. */
const connectionsOfProvider = (providerId: string) => `PROVIDER_CONNECTIONS#${providerId}`;

export const connectionChannels = ['provider-alerts'] as const;

// Every call marked pure: `$disconnect` imports this module only to delete a connection, and
// esbuild then drops zod from its bundle (about 24 KB gzip).
export const connectionRecordSchema = /* @__PURE__ */ z.object({
  connectionId: /* @__PURE__ */ z.string(),
  channel: /* @__PURE__ */ z.enum(connectionChannels),
  providerId: /* @__PURE__ */ z.string(),
  /** The id (token hash) of the session whose ticket opened the connection. */
  sessionId: /* @__PURE__ */ z.string(),
  connectedAt: /* @__PURE__ */ z.string(),
});
export type ConnectionRecord = z.infer<typeof connectionRecordSchema>;

const toConnection = (item: StoredItem) => parseStored(connectionRecordSchema, entity, item);

/** API Gateway closes WebSocket connections after 2 hours; the item expires with it. */
const CONNECTION_LIFETIME_MS = 2 * 60 * 60 * 1000;

export async function saveConnection(
  connection: Omit<ConnectionRecord, 'connectedAt'>,
  now = new Date(),
): Promise<ConnectionRecord> {
  const record: ConnectionRecord = { ...connection, connectedAt: now.toISOString() };
  await putItem({
    ...connectionKey(record.connectionId),
    // The one channel today is the alert list; a room channel will take its own list.
    ...listEntry('CONNECTIONS', record.connectedAt, record.connectionId),
    gsi2pk: connectionsOfProvider(record.providerId),
    gsi2sk: `${record.connectedAt}#${record.connectionId}`,
    entity: WEBSOCKET_CONNECTION_ENTITY,
    ...record,
    ttl: epochSeconds(new Date(now.getTime() + CONNECTION_LIFETIME_MS)),
  });
  return record;
}

export async function deleteConnection(connectionId: string): Promise<void> {
  await deleteItem(connectionKey(connectionId));
}

export async function getConnection(connectionId: string): Promise<ConnectionRecord | null> {
  const item = await getItem(connectionKey(connectionId));
  return item ? toConnection(item) : null;
}

/** Access pattern: the provider alert list (gsi1 `CONNECTIONS`), one page at a time. */
export async function* alertConnectionPages(): AsyncGenerator<ConnectionRecord[]> {
  for await (const items of queryPages(listQuery('CONNECTIONS'))) yield items.map(toConnection);
}

/** Access pattern: every connection of one provider (gsi2). */
export async function providerConnections(providerId: string): Promise<ConnectionRecord[]> {
  return (await queryAll(indexQuery('gsi2', connectionsOfProvider(providerId)))).map(toConnection);
}
