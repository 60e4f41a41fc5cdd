import * as z from 'zod';
import { epochSeconds, type ItemKey } from './keys';
import { parseStored } from './records';
import { deleteItem, getItem, IF_EXISTS, IF_NEW, putItem, updateItem } from './table';

/** Provider and admin sessions, stored under the SHA-256 of their token, never the token. */
export const SESSION_ENTITY = 'Session';
// The key holds a token hash: not personal, but a lookup key best kept out of logs.
const entity = { tag: SESSION_ENTITY, personalKey: true };

export const sessionKey = (tokenHash: string): ItemKey => ({
  pk: `SESSION#${tokenHash}`,
  sk: 'SESSION',
});

export const sessionRoles = ['provider', 'admin'] as const;
export type SessionRole = (typeof sessionRoles)[number];

export const sessionRecordSchema = z.object({
  role: z.enum(sessionRoles),
  subjectId: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** Stores a new session; DynamoDB deletes it by TTL at `expiresAt`. */
export async function putSession(
  tokenHash: string,
  session: SessionRecord,
  expiresAt: Date,
): Promise<void> {
  await putItem(
    { ...sessionKey(tokenHash), entity: SESSION_ENTITY, ...session, ttl: epochSeconds(expiresAt) },
    IF_NEW,
  );
}

/** Access pattern: session by token hash (every provider and admin route). */
export async function getSession(tokenHash: string): Promise<SessionRecord | null> {
  const item = await getItem(sessionKey(tokenHash));
  return item ? parseStored(sessionRecordSchema, entity, item) : null;
}

export async function touchSession(tokenHash: string, lastSeenAt: number): Promise<void> {
  await updateItem(sessionKey(tokenHash), {
    UpdateExpression: 'SET lastSeenAt = :now',
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeValues: { ':now': lastSeenAt },
  });
}

export async function deleteSession(tokenHash: string): Promise<void> {
  await deleteItem(sessionKey(tokenHash));
}
