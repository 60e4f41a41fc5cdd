import {
  deleteSession,
  getSession,
  putSession,
  touchSession,
  type SessionRecord,
  type SessionRole,
} from '../../db/sessions';
import { hashToken, newToken } from './tokens';

export { sessionRoles, type SessionRole } from '../../db/sessions';

/** DESIGN.md §6: 15-30 min idle and 12 h absolute timeouts. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Refresh `lastSeenAt` at most once a minute: every request would otherwise be a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type Session = SessionRecord;

export async function createSession(
  role: SessionRole,
  subjectId: string,
  now = Date.now(),
): Promise<{ token: string; session: Session }> {
  const token = newToken();
  const session: Session = { role, subjectId, createdAt: now, lastSeenAt: now };
  await putSession(hashToken(token), session, new Date(now + SESSION_ABSOLUTE_MS));
  return { token, session };
}

export function isSessionLive(session: Session, now: number): boolean {
  return (
    now - session.createdAt < SESSION_ABSOLUTE_MS && now - session.lastSeenAt < SESSION_IDLE_MS
  );
}

/** The live session behind a token, or null when unknown, idle too long or too old. */
export async function resolveSession(token: string, now = Date.now()): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const session = await getSession(tokenHash);
  if (!session || !isSessionLive(session, now)) return null;
  if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
    await touchSession(tokenHash, now);
    return { ...session, lastSeenAt: now };
  }
  return session;
}

export async function revokeSession(token: string): Promise<void> {
  await deleteSession(hashToken(token));
}
