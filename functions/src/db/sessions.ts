import * as z from 'zod';
import { epochSeconds, type ItemKey } from './keys';
import { parseStored } from './records';
import {
  batchGet,
  deleteItem,
  getItem,
  IF_EXISTS,
  IF_NEW,
  indexQuery,
  putItem,
  queryAll,
  conditionalUpdate,
  type StoredItem,
} from './table';

/**
 * Provider and admin sessions, stored under the SHA-256 of their token, never the token. That
 * hash is the session's id: it authenticates nothing on its own, so connections may store it.
 */
export const SESSION_ENTITY = 'Session';
// The key holds a token hash: not personal, but a lookup key best kept out of logs.
const entity = { tag: SESSION_ENTITY, personalKey: true };

export const SESSION_PREFIX = 'SESSION#';
export const sessionKey = (sessionId: string): ItemKey => ({
  pk: `${SESSION_PREFIX}${sessionId}`,
  sk: 'SESSION',
});
/** `gsi2`: every session of one account, so sign-out everywhere and revocation find them. */
export const SUBJECT_SESSIONS_PREFIX = 'SUBJECT_SESSIONS#';
const sessionsOfSubject = (subjectId: string) => `${SUBJECT_SESSIONS_PREFIX}${subjectId}`;

export const sessionRoles = ['provider', 'admin'] as const;
export type SessionRole = (typeof sessionRoles)[number];

export const sessionRecordSchema = z.object({
  role: z.enum(sessionRoles),
  subjectId: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  /**
   * A provider signed in with the emailed temporary password (issue 8). Sessions stored before
   * issue 8 lack the flag; every provider then still had a temporary password, so it reads true.
   */
  mustChangePassword: z.boolean().default(true),
  /**
   * An admin session's account key: admins are stored by username (`db/admin-users.ts`), and
   * every admin request re-reads the account to check it is still active (issue 10).
   */
  username: z.string().optional(),
  /**
   * A provider session's sign-in `credentialsVersion` (`db/provider-logins.ts`; issue 25, review
   * L4): read with the password hash it was signed in with, so a sign-in that checked the old
   * password while it was being changed is refused like any older session. Missing reads as 0.
   */
  credentialsVersion: z.number().int().nonnegative().optional(),
});
export type SessionRecord = z.output<typeof sessionRecordSchema>;
/** A session with its id (the token hash). */
export type StoredSession = SessionRecord & { id: string };

function toStoredSession(item: StoredItem): StoredSession {
  const record = parseStored(sessionRecordSchema, entity, item);
  return { ...record, id: String(item.pk).slice(SESSION_PREFIX.length) };
}

/** Stores a new session; DynamoDB deletes it by TTL at `expiresAt`. */
export async function putSession(
  sessionId: string,
  session: SessionRecord,
  expiresAt: Date,
): Promise<void> {
  await putItem(
    {
      ...sessionKey(sessionId),
      entity: SESSION_ENTITY,
      gsi2pk: sessionsOfSubject(session.subjectId),
      gsi2sk: sessionId,
      ...session,
      ttl: epochSeconds(expiresAt),
    },
    IF_NEW,
  );
}

/** Access pattern: session by token hash (every provider and admin route). */
export async function getSession(sessionId: string): Promise<StoredSession | null> {
  const item = await getItem(sessionKey(sessionId));
  return item ? toStoredSession(item) : null;
}

/** Access pattern: many sessions by id (the alert fan-out re-checks each connection's session). */
export async function getSessions(sessionIds: string[]): Promise<StoredSession[]> {
  return (await batchGet(sessionIds.map(sessionKey))).map(toStoredSession);
}

/** Access pattern: the ids of every session of one account (gsi2). */
export async function sessionIdsOf(subjectId: string): Promise<string[]> {
  const items = await queryAll(indexQuery('gsi2', sessionsOfSubject(subjectId)));
  return items.map((item) => String(item.gsi2sk));
}

/**
 * The one attribute `touchSession` writes: the touch's IAM grant allows it and the keys, nothing
 * else (functions/src/handler-permissions.ts, `sessionTouch`).
 */
export const SESSION_TOUCH_ATTRIBUTE = 'lastSeenAt';

/** Records activity; false when the session was deleted meanwhile (a sign-out or revocation). */
export function touchSession(sessionId: string, lastSeenAt: number): Promise<boolean> {
  return conditionalUpdate(sessionKey(sessionId), {
    UpdateExpression: `SET ${SESSION_TOUCH_ATTRIBUTE} = :now`,
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeValues: { ':now': lastSeenAt },
  });
}

export async function deleteSession(sessionId: string): Promise<void> {
  await deleteItem(sessionKey(sessionId));
}
