import { sessionCookie } from '../../lib/auth/cookies';
import { createSession, type SessionRole } from '../../lib/auth/sessions';
import { env } from '../../lib/env';

/** A new session for the signed-in account and its cookie (Secure when served over TLS). */
export async function signIn(role: SessionRole, subjectId: string) {
  const { token } = await createSession(role, subjectId);
  const secure = env.appBaseUrl.startsWith('https://');
  return { token, cookie: sessionCookie(token, secure) };
}
