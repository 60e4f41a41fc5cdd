export const SESSION_COOKIE = 'th_session';

/**
 * HttpOnly so scripts cannot read it, SameSite=Strict so other sites cannot ride it, Secure
 * whenever the app is served over TLS (always in the cloud; not on http://localhost). No
 * Max-Age or Expires: a browser-session cookie, gone when the browser closes (issue 8); the
 * server ends the session itself after the idle and absolute timeouts.
 */
export function sessionCookie(token: string, secure: boolean): string {
  const attributes = [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0']
    .concat(secure ? ['Secure'] : [])
    .join('; ');
}
