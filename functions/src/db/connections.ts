import * as z from 'zod';
import type { DutySignal } from '@shared/providers/on-duty';
import { epochSeconds, listEntry, lists, type ItemKey } from './keys';
import { parseStored } from './records';
import {
  conditionalUpdate,
  conditionalUpdateReturning,
  deleteItem,
  getItem,
  indexQuery,
  listQuery,
  putItem,
  queryAll,
  queryPages,
  takeItem,
  type StoredItem,
} from './table';

/**
 * Live WebSocket connections and who opened them (DESIGN.md §6), on three channels kept apart:
 * - `provider-alerts`: the provider account and the session, re-checked before every push; on
 *   the alert list (gsi1 `CONNECTIONS`) and the provider's list (gsi2 `PROVIDER_CONNECTIONS#…`);
 * - `room`: one party of a consultation room (meeting, case, role), opened with a room ticket;
 *   on its meeting's list (gsi2 `ROOM_CONNECTIONS#{meetingId}` / `{role}#…`), never on the
 *   alert list, so alerts never reach a room and room messages never reach a dashboard. The
 *   doctor's also holds the provider and the session that entered (re-checked on every message)
 *   and is on the provider's room list (gsi1 `PROVIDER_ROOM_CONNECTIONS#…`), closed with the
 *   provider's access (docs/adr/0013-room-connections.md);
 * - `case`: a patient page subscribed to one case's updates (issue 12), opened with a case
 *   ticket; on its case's list (gsi2 `CASE_CONNECTIONS#{caseId}`), so one Query finds every
 *   page of a case and nothing else ever reaches it, and on one of the `CASE_PAGE_SHARDS` lists
 *   of every patient page (gsi1 `CASE_PAGES#{shard}`), so the queue's fan-out finds the pages of
 *   all waiting cases in a few parallel Queries instead of one per case (issue 29).
 */
export const WEBSOCKET_CONNECTION_ENTITY = 'WebSocketConnection';
const entity = { tag: WEBSOCKET_CONNECTION_ENTITY };

export const CONNECTION_PREFIX = 'CONN#';
export const connectionKey = (connectionId: string): ItemKey => ({
  pk: `${CONNECTION_PREFIX}${connectionId}`,
  sk: 'CONNECTION',
});
/** `gsi2`: the connections of one provider, closed together on sign-out or revocation. */
export const PROVIDER_CONNECTIONS_PREFIX = 'PROVIDER_CONNECTIONS#';
const connectionsOfProvider = (providerId: string) => `${PROVIDER_CONNECTIONS_PREFIX}${providerId}`;
/** `gsi1`: the doctor's room connections of one provider, closed with the provider's access. */
export const PROVIDER_ROOM_CONNECTIONS_PREFIX = 'PROVIDER_ROOM_CONNECTIONS#';
const roomConnectionsOfProvider = (providerId: string) =>
  `${PROVIDER_ROOM_CONNECTIONS_PREFIX}${providerId}`;
/** `gsi2`: the connections of one room, sorted by role so one role's are one key range. */
export const ROOM_CONNECTIONS_PREFIX = 'ROOM_CONNECTIONS#';
const connectionsOfRoom = (meetingId: string) => `${ROOM_CONNECTIONS_PREFIX}${meetingId}`;
/** `gsi2`: the patient pages subscribed to one case, sorted by connection time. */
export const CASE_CONNECTIONS_PREFIX = 'CASE_CONNECTIONS#';
const connectionsOfCase = (caseId: string) => `${CASE_CONNECTIONS_PREFIX}${caseId}`;
/**
 * `gsi1`: every patient page, spread over this many lists by its connection id. At 10,000 open
 * pages (about 350 bytes each as gsi1 projects them) a list holds about 440 KB, 55 read units a
 * read (docs/capacity.md, "The queue's push").
 */
export const CASE_PAGE_SHARDS = 8;
export const CASE_PAGES_PREFIX = 'CASE_PAGES#';
const casePagesShard = (shard: number) => `${CASE_PAGES_PREFIX}${shard}`;
/** A connection id's shard: FNV-1a of its characters, so a page stays on one list. */
function casePageShardOf(connectionId: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < connectionId.length; index += 1) {
    hash = Math.imul(hash ^ connectionId.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0) % CASE_PAGE_SHARDS;
}

export const connectionChannels = ['provider-alerts', 'room', 'case'] as const;
export type ConnectionChannel = (typeof connectionChannels)[number];
export type RoomConnectionRole = 'patient' | 'provider';

// Every call marked pure: `$disconnect` imports this module only to delete a connection (and
// read the room it was in without a schema), and esbuild then drops zod from its bundle
// (about 24 KB gzip).
export const providerConnectionSchema = /* @__PURE__ */ z.object({
  connectionId: /* @__PURE__ */ z.string(),
  channel: /* @__PURE__ */ z.literal('provider-alerts'),
  providerId: /* @__PURE__ */ z.string(),
  /** The id (token hash) of the session whose ticket opened the connection. */
  sessionId: /* @__PURE__ */ z.string(),
  connectedAt: /* @__PURE__ */ z.string(),
  /** The dashboard's last heartbeat, server time (issue 28: doctors on duty); none before it. */
  heartbeatAt: /* @__PURE__ */ z.string().optional(),
  /** When the page says it was last used, never after `heartbeatAt`. */
  usedAt: /* @__PURE__ */ z.string().optional(),
});
export const roomConnectionSchema = /* @__PURE__ */ z.object({
  connectionId: /* @__PURE__ */ z.string(),
  channel: /* @__PURE__ */ z.literal('room'),
  meetingId: /* @__PURE__ */ z.string(),
  caseId: /* @__PURE__ */ z.string(),
  role: /* @__PURE__ */ z.enum(['patient', 'provider']),
  /** The doctor's only: the provider and the session (token hash) whose room session it was. */
  providerId: /* @__PURE__ */ z.string().optional(),
  sessionId: /* @__PURE__ */ z.string().optional(),
  connectedAt: /* @__PURE__ */ z.string(),
});
export const caseConnectionSchema = /* @__PURE__ */ z.object({
  connectionId: /* @__PURE__ */ z.string(),
  channel: /* @__PURE__ */ z.literal('case'),
  caseId: /* @__PURE__ */ z.string(),
  connectedAt: /* @__PURE__ */ z.string(),
});
export const connectionRecordSchema = /* @__PURE__ */ z.discriminatedUnion('channel', [
  providerConnectionSchema,
  roomConnectionSchema,
  caseConnectionSchema,
]);
export type ProviderConnectionRecord = z.infer<typeof providerConnectionSchema>;
export type RoomConnectionRecord = z.infer<typeof roomConnectionSchema>;
export type CaseConnectionRecord = z.infer<typeof caseConnectionSchema>;
export type ConnectionRecord = z.infer<typeof connectionRecordSchema>;

const toConnection = (item: StoredItem) => parseStored(connectionRecordSchema, entity, item);
const toProviderConnection = (item: StoredItem) =>
  parseStored(providerConnectionSchema, entity, item);
const toRoomConnection = (item: StoredItem) => parseStored(roomConnectionSchema, entity, item);

/** API Gateway closes WebSocket connections after 2 hours; the item expires with it. */
const CONNECTION_LIFETIME_MS = 2 * 60 * 60 * 1000;

type NewConnection =
  | Omit<ProviderConnectionRecord, 'connectedAt'>
  | Omit<RoomConnectionRecord, 'connectedAt'>
  | Omit<CaseConnectionRecord, 'connectedAt'>;

/** The lists a connection is on, by channel. */
function listsOf(record: ConnectionRecord) {
  const sortKey = `${record.connectedAt}#${record.connectionId}`;
  if (record.channel === 'room') {
    const roomList = {
      gsi2pk: connectionsOfRoom(record.meetingId),
      gsi2sk: roomPlace(record.role, record.connectedAt, record.connectionId),
    };
    return record.providerId
      ? { ...roomList, gsi1pk: roomConnectionsOfProvider(record.providerId), gsi1sk: sortKey }
      : roomList;
  }
  if (record.channel === 'case') {
    return {
      gsi2pk: connectionsOfCase(record.caseId),
      gsi2sk: sortKey,
      gsi1pk: casePagesShard(casePageShardOf(record.connectionId)),
      gsi1sk: sortKey,
    };
  }
  return {
    ...listEntry(lists.connections, record.connectedAt, record.connectionId),
    gsi2pk: connectionsOfProvider(record.providerId),
    gsi2sk: sortKey,
  };
}

export async function saveConnection(
  connection: NewConnection,
  now = new Date(),
): Promise<ConnectionRecord> {
  const record = { ...connection, connectedAt: now.toISOString() };
  await putItem({
    ...connectionKey(record.connectionId),
    ...listsOf(record),
    entity: WEBSOCKET_CONNECTION_ENTITY,
    ...record,
    ttl: epochSeconds(new Date(now.getTime() + CONNECTION_LIFETIME_MS)),
  });
  return record;
}

export async function deleteConnection(connectionId: string): Promise<void> {
  await deleteItem(connectionKey(connectionId));
}

/**
 * How long after `$connect` saved a connection a push's 410 does not mean it is gone. `$connect`
 * saves the record before the connection is established: API Gateway, like the local gateway,
 * completes the upgrade only when `$connect` returns (after its own reads, writes and presence
 * push), and answers a post to a connection not yet established with 410 GoneException.
 * Forgetting the record then orphans a live socket: it never hears its case again (a visit page
 * in the background missed the doctor's start; its catch-up read on open came before the start).
 * 30 s is past API Gateway's 29-second integration timeout, the longest `$connect` can take.
 */
export const CONNECT_SETTLE_MS = 30_000;

/**
 * Access pattern: forget a connection a push found gone (410), unless it was saved less than
 * {@link CONNECT_SETTLE_MS} ago and may still be connecting. A record left this way is forgotten
 * by a later push, by `$disconnect` or by its TTL.
 */
export async function forgetGoneConnection(connectionId: string, now = new Date()): Promise<void> {
  await takeItem(connectionKey(connectionId), {
    expression: 'connectedAt < :settled',
    values: { ':settled': new Date(now.getTime() - CONNECT_SETTLE_MS).toISOString() },
  });
}

/** Where a room connection was: enough to tell the other party it left, and the meeting. */
export interface RoomPlace {
  meetingId: string;
  caseId: string;
  role: RoomConnectionRole;
}

/** What a forgotten connection was: a room party's page, a patient's case page, or neither. */
export type ForgottenConnection =
  ({ channel: 'room' } & RoomPlace) | { channel: 'case'; caseId: string } | null;

/**
 * Access pattern: forget a connection and answer where it was: the room (to tell the other party
 * it left) or the case whose patient page it was (the patient's presence, issue 27); null for an
 * alert connection, or one already forgotten, e.g. closed by the server. Read without the
 * schema, field by field, to keep zod out of `$disconnect`.
 */
export async function forgetConnection(connectionId: string): Promise<ForgottenConnection> {
  const old = await takeItem(connectionKey(connectionId), { expression: 'attribute_exists(pk)' });
  if (typeof old?.caseId !== 'string') return null;
  if (old.channel === 'case') return { channel: 'case', caseId: old.caseId };
  if (old.channel !== 'room' || typeof old.meetingId !== 'string') return null;
  if (old.role !== 'patient' && old.role !== 'provider') return null;
  return { channel: 'room', meetingId: old.meetingId, caseId: old.caseId, role: old.role };
}

export async function getConnection(connectionId: string): Promise<ConnectionRecord | null> {
  const item = await getItem(connectionKey(connectionId));
  return item ? toConnection(item) : null;
}

/** A connection's message budget (features/realtime/frame-budget.ts): a rate and a burst. */
export interface FrameBudget {
  /** One frame per this many milliseconds, sustained. */
  intervalMs: number;
  /** Frames that may arrive at once after a quiet spell. */
  burst: number;
}

/** What spending a frame found. */
export interface FrameSpent {
  /** The connection (null: unknown or gone). */
  connection: ConnectionRecord | null;
  /** The frame would take the connection over its budget: nothing was spent. */
  overBudget: boolean;
  /** The connection's `frameTat` as this request left or found it (null: unknown). */
  tat: number | null;
}

/**
 * Access pattern: read a connection and spend one frame of its budget (issue 25, security review
 * M1), atomically, as a token bucket in one attribute (GCRA): `frameTat` is the time at which the
 * connection's budget is full again. A frame moves it one interval later, starting from now when
 * it lies in the past; a frame that would move it more than `burst` intervals ahead is refused
 * and leaves it. Two conditional updates, one for a quiet connection and one within a burst, so
 * the caller's guess of which applies (`burstFirst`) decides whether one request does: it
 * replaces the plain read of the connection. Only a refused frame reads the item as well.
 */
export async function spendFrame(
  connectionId: string,
  budget: FrameBudget,
  options: { now?: number; burstFirst?: boolean } = {},
): Promise<FrameSpent> {
  const now = options.now ?? Date.now();
  const key = connectionKey(connectionId);
  const names = { '#tat': 'frameTat' };
  const quiet = () =>
    conditionalUpdateReturning(key, {
      UpdateExpression: 'SET #tat = :next',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#tat) OR #tat < :now)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':next': now + budget.intervalMs, ':now': now },
    });
  const inBurst = () =>
    conditionalUpdateReturning(key, {
      UpdateExpression: 'SET #tat = #tat + :interval',
      ConditionExpression: 'attribute_exists(pk) AND #tat >= :now AND #tat <= :last',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: {
        ':interval': budget.intervalMs,
        ':now': now,
        // The latest `frameTat` one more frame may start from: `burst` intervals ahead at most.
        ':last': now + (budget.burst - 1) * budget.intervalMs,
      },
    });
  const [first, second] = options.burstFirst ? [inBurst, quiet] : [quiet, inBurst];
  const spent = (await first()) ?? (await second());
  if (spent) {
    return { connection: toConnection(spent), overBudget: false, tat: Number(spent.frameTat) };
  }
  // `frameTat` only grows, so both updates fail only for a frame over budget or no connection.
  const item = await getItem(connectionKey(connectionId));
  return {
    connection: item ? toConnection(item) : null,
    overBudget: item !== undefined,
    tat: typeof item?.frameTat === 'number' ? item.frameTat : null,
  };
}

/** Access pattern: the provider alert list (gsi1 `CONNECTIONS`), one page at a time. */
export async function* alertConnectionPages(): AsyncGenerator<ProviderConnectionRecord[]> {
  for await (const items of queryPages(listQuery(lists.connections))) {
    yield items.map(toProviderConnection);
  }
}

/**
 * Access pattern: record a dashboard's heartbeat (issue 28, doctors on duty) on its alert
 * connection: when it came and when the page was last used. Only on a connection that still
 * exists and is an alert connection (a room or case page has no duty to report). Answers
 * whether it was recorded.
 */
export async function recordHeartbeat(
  connectionId: string,
  times: { heartbeatAt: string; usedAt: string },
): Promise<boolean> {
  return conditionalUpdate(connectionKey(connectionId), {
    UpdateExpression: 'SET heartbeatAt = :heartbeatAt, usedAt = :usedAt',
    ConditionExpression: 'attribute_exists(pk) AND channel = :alerts',
    ExpressionAttributeValues: {
      ':heartbeatAt': times.heartbeatAt,
      ':usedAt': times.usedAt,
      ':alerts': 'provider-alerts',
    },
  });
}

/**
 * Access pattern: what every open dashboard says of its doctor's duty (issue 28): the alert
 * list (gsi1 `CONNECTIONS`, the one the new-case announcement reads), with a projection of the
 * provider and the two heartbeat times, read field by field (a public count should not pay for
 * a schema). One Query per MB of the list: a few hundred bytes per open dashboard.
 */
export async function dutySignals(): Promise<DutySignal[]> {
  const items = await queryAll({
    ...listQuery(lists.connections),
    ProjectionExpression: 'providerId, heartbeatAt, usedAt',
  });
  return items.flatMap((item) =>
    typeof item.providerId === 'string'
      ? [
          {
            providerId: item.providerId,
            heartbeatAt: optionalString(item.heartbeatAt),
            usedAt: optionalString(item.usedAt),
          },
        ]
      : [],
  );
}

/** Access pattern: every connection of one provider (gsi2). */
export async function providerConnections(providerId: string): Promise<ProviderConnectionRecord[]> {
  return (await queryAll(indexQuery('gsi2', connectionsOfProvider(providerId)))).map(
    toProviderConnection,
  );
}

/**
 * A room connection's place on its room's list: by role, then by connection time, so the last
 * of a role is that party's newest page.
 */
export function roomPlace(role: RoomConnectionRole, connectedAt: string, connectionId: string) {
  return `${role}#${connectedAt}#${connectionId}`;
}

/** Access pattern: the doctor's room connections of one provider (gsi1). */
export async function providerRoomConnections(providerId: string): Promise<RoomConnectionRecord[]> {
  return (await queryAll(indexQuery('gsi1', roomConnectionsOfProvider(providerId)))).map(
    toRoomConnection,
  );
}

/** One connection of a room: its id, whose it is, and its place (`roomPlace`). */
export interface RoomMember {
  connectionId: string;
  role: RoomConnectionRole;
  place: string;
  /** The doctor's: who entered, with which session. */
  providerId?: string;
  sessionId?: string;
}

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Access pattern: the connections of one room (gsi2 `ROOM_CONNECTIONS#{meetingId}`), of one
 * role or both, oldest first within a role. Only the id, role, place and the doctor's provider
 * and session are read (a projection), checked field by field like `forgetConnection`:
 * `$disconnect` uses this too.
 */
export async function roomMembers(
  meetingId: string,
  role?: RoomConnectionRole,
): Promise<RoomMember[]> {
  const spec = indexQuery('gsi2', connectionsOfRoom(meetingId));
  const items = await queryAll({
    ...spec,
    ...(role
      ? {
          KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :role)',
          ExpressionAttributeValues: { ...spec.ExpressionAttributeValues, ':role': `${role}#` },
        }
      : {}),
    ProjectionExpression: 'connectionId, #role, gsi2sk, providerId, sessionId',
    ExpressionAttributeNames: { '#role': 'role' },
  });
  return items.flatMap((item) => {
    const { connectionId, role, gsi2sk } = item;
    if (typeof connectionId !== 'string' || typeof gsi2sk !== 'string') return [];
    if (role !== 'patient' && role !== 'provider') return [];
    const providerId = optionalString(item.providerId);
    const sessionId = optionalString(item.sessionId);
    return [
      {
        connectionId,
        role,
        place: gsi2sk,
        ...(providerId ? { providerId } : {}),
        ...(sessionId ? { sessionId } : {}),
      },
    ];
  });
}

/**
 * Access pattern: the ids of the patient pages subscribed to one case (gsi2
 * `CASE_CONNECTIONS#{caseId}`), one Query with a projection, read field by field like
 * `roomMembers` (the push after every case change should not pay for a schema).
 */
export async function caseConnectionIds(caseId: string): Promise<string[]> {
  const items = await queryAll({
    ...indexQuery('gsi2', connectionsOfCase(caseId)),
    ProjectionExpression: 'connectionId',
  });
  return items.flatMap((item) =>
    typeof item.connectionId === 'string' ? [item.connectionId] : [],
  );
}

/** An open patient page and the case it watches. */
export interface CasePage {
  connectionId: string;
  caseId: string;
}

/**
 * Access pattern: every open patient page with its case (gsi1 `CASE_PAGES#{shard}`), the
 * `CASE_PAGE_SHARDS` lists read in parallel with a projection, field by field (the queue's
 * fan-out runs once a second at most and should not pay for a schema).
 */
export async function allCasePages(): Promise<CasePage[]> {
  const shards = Array.from({ length: CASE_PAGE_SHARDS }, (_, shard) =>
    queryAll({
      ...indexQuery('gsi1', casePagesShard(shard)),
      ProjectionExpression: 'connectionId, caseId',
    }),
  );
  return (await Promise.all(shards))
    .flat()
    .flatMap((item) =>
      typeof item.connectionId === 'string' && typeof item.caseId === 'string'
        ? [{ connectionId: item.connectionId, caseId: item.caseId }]
        : [],
    );
}
