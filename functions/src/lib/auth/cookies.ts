import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { env } from '#core/env';
import { cookie } from '../http/request';

/**
 * The session cookie's name. Over TLS it carries the `__Host-` prefix (ASVS 5.0 V3.3.1; issue 25,
 * review L3): browsers then accept it only with `Secure`, `Path=/` and no `Domain`, so a sibling
 * subdomain cannot plant or overwrite it (cookie tossing). Browsers refuse `__Host-` cookies from
 * plain http, so the local stack on http://localhost keeps the bare name.
 */
export function sessionCookieName(overTls: boolean): string {
  return overTls ? '__Host-th_session' : 'th_session';
}

/** Whether the app is served over TLS (always in the cloud; not on http://localhost). */
export const servedOverTls = (): boolean => env.appBaseUrl.startsWith('https://');

/**
 * The session token the browser sent, under the one name this deployment writes: a bare
 * `th_session` sent to a TLS deployment is ignored, as is anything a subdomain might have set.
 */
export function sessionCookieToken(event: APIGatewayProxyEventV2): string | undefined {
  return cookie(event, sessionCookieName(servedOverTls()));
}

/**
 * HttpOnly so scripts cannot read it, SameSite=Strict so other sites cannot ride it, Secure
 * whenever the app is served over TLS (always in the cloud; not on http://localhost). No
 * Max-Age or Expires: a browser-session cookie, gone when the browser closes (issue 8); the
 * server ends the session itself after the idle and absolute timeouts.
 */
export function sessionCookie(token: string, secure: boolean): string {
  const name = sessionCookieName(secure);
  const attributes = [`${name}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${sessionCookieName(secure)}=`, 'Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0']
    .concat(secure ? ['Secure'] : [])
    .join('; ');
}
