import { clearedSessionCookie, servedOverTls, sessionCookie } from '#lib/auth/cookies';
import { createSession, type SessionRole } from '#lib/auth/sessions';

/** A new session for the signed-in account and its cookie. */
export async function signIn(
  role: SessionRole,
  subjectId: string,
  options: { mustChangePassword?: boolean; username?: string; credentialsVersion?: number } = {},
) {
  const { token, session } = await createSession(role, subjectId, options);
  return { token, session, cookie: sessionCookie(token, servedOverTls()) };
}

/** The cookie that removes the session cookie from the browser (sign-out). */
export function signedOutCookie(): string {
  return clearedSessionCookie(servedOverTls());
}
