import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { db, tableName } from '../../db/client';
import { epochSeconds, keys } from '../../db/keys';
import { hashToken, newToken } from './tokens';

export const sessionRoles = ['provider', 'admin'] as const;
export type SessionRole = (typeof sessionRoles)[number];

/** DESIGN.md §6: 15-30 min idle and 12 h absolute timeouts. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Refresh `lastSeenAt` at most once a minute: every request would otherwise be a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const sessionItemSchema = z.object({
  role: z.enum(sessionRoles),
  subjectId: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
});
export type Session = z.infer<typeof sessionItemSchema>;

export async function createSession(
  role: SessionRole,
  subjectId: string,
  now = Date.now(),
): Promise<{ token: string; session: Session }> {
  const token = newToken();
  const session: Session = { role, subjectId, createdAt: now, lastSeenAt: now };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.session(hashToken(token)),
        entity: 'Session',
        ...session,
        ttl: epochSeconds(new Date(now + SESSION_ABSOLUTE_MS)),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { token, session };
}

export function isSessionLive(session: Session, now: number): boolean {
  return (
    now - session.createdAt < SESSION_ABSOLUTE_MS && now - session.lastSeenAt < SESSION_IDLE_MS
  );
}

/** The live session behind a token, or null when unknown, idle too long or too old. */
export async function resolveSession(token: string, now = Date.now()): Promise<Session | null> {
  const key = keys.session(hashToken(token));
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
  const parsed = sessionItemSchema.safeParse(Item);
  if (!parsed.success || !isSessionLive(parsed.data, now)) return null;
  if (now - parsed.data.lastSeenAt >= TOUCH_INTERVAL_MS) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET lastSeenAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now },
      }),
    );
    return { ...parsed.data, lastSeenAt: now };
  }
  return parsed.data;
}

export async function revokeSession(token: string): Promise<void> {
  await db().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.session(hashToken(token)) }),
  );
}
