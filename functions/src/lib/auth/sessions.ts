import {
  deleteSession,
  getSession,
  putSession,
  touchSession,
  type SessionRecord,
  type SessionRole,
  type StoredSession,
} from '#db/sessions';
import { hashToken, newToken } from './tokens';

export { sessionRoles, type SessionRole } from '#db/sessions';

/** DESIGN.md §6: 15-30 min idle and 12 h absolute timeouts. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Refresh `lastSeenAt` at most once a minute: every request would otherwise be a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** A live session; `id` is its token's hash (never the token). */
export type Session = StoredSession;

export async function createSession(
  role: SessionRole,
  subjectId: string,
  options: {
    mustChangePassword?: boolean;
    username?: string;
    /** A provider's sign-in `credentialsVersion`, read with the hash just checked. */
    credentialsVersion?: number;
    now?: number;
  } = {},
): Promise<{ token: string; session: Session }> {
  const now = options.now ?? Date.now();
  const token = newToken();
  const record: SessionRecord = {
    role,
    subjectId,
    createdAt: now,
    lastSeenAt: now,
    mustChangePassword: options.mustChangePassword ?? false,
    ...(options.username ? { username: options.username } : {}),
    ...(options.credentialsVersion !== undefined
      ? { credentialsVersion: options.credentialsVersion }
      : {}),
  };
  const id = hashToken(token);
  await putSession(id, record, new Date(now + SESSION_ABSOLUTE_MS));
  return { token, session: { ...record, id } };
}

export function isSessionLive(
  session: Pick<SessionRecord, 'createdAt' | 'lastSeenAt'>,
  now: number,
): boolean {
  return (
    now - session.createdAt < SESSION_ABSOLUTE_MS && now - session.lastSeenAt < SESSION_IDLE_MS
  );
}

/** The live session behind a token, or null when unknown, idle too long or too old. */
export async function resolveSession(token: string, now = Date.now()): Promise<Session | null> {
  const session = await getSession(hashToken(token));
  if (!session || !isSessionLive(session, now)) return null;
  if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
    // A session deleted since the read (signed out, revoked) no longer counts.
    if (!(await touchSession(session.id, now))) return null;
    return { ...session, lastSeenAt: now };
  }
  return session;
}

export async function revokeSession(token: string): Promise<void> {
  await deleteSession(hashToken(token));
}

/** Ends sessions by id (sign-out of one session, or every session of an account). */
export async function endSessions(sessionIds: string[]): Promise<void> {
  await Promise.all(sessionIds.map((id) => deleteSession(id)));
}
