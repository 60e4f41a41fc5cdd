import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Access } from '../../routes';
import { forbidden, unauthorized } from '../errors';
import { bearerToken, cookie } from '../http/request';
import { SESSION_COOKIE } from './cookies';
import { resolveSession, type Session } from './sessions';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/**
 * The server-side role check every provider and admin route goes through (DESIGN.md §6).
 * The token comes from `Authorization: Bearer` (the admin token the spec names) or the
 * session cookie. No token: 401. Unknown or expired token: 401. Other role: 403.
 */
export async function authorize(
  access: Access,
  event: APIGatewayProxyEventV2,
  now = Date.now(),
): Promise<Session | null> {
  if (access === 'public') return null;
  const token = bearerToken(event) ?? cookie(event, SESSION_COOKIE);
  if (!token) throw unauthorized();
  const session = await resolveSession(token, now);
  if (!session) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  if (session.role !== access) throw forbidden();
  return session;
}
