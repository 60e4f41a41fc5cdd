import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { PASSWORD_CHANGE_REQUIRED } from '@shared/providers/api';
import { getAdminUser } from '../../db/admin-users';
import { getProvider } from '../../db/providers';
import type { HttpRoute } from '../../routes';
import { forbidden, unauthorized } from '../errors';
import { bearerToken, cookie } from '../http/request';
import { SESSION_COOKIE } from './cookies';
import { resolveSession, type Session } from './sessions';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/**
 * Whether a provider session may still act: its account exists and is active. Checked on every
 * provider request and before every alert push, so a deactivated provider loses access at once
 * even if a session or socket survived the revocation.
 */
export async function isProviderActive(providerId: string): Promise<boolean> {
  return (await getProvider(providerId))?.isActive === true;
}

/**
 * Whether the account behind a session may still act (issue 10: sessions end with the
 * account). An admin session names its account by username; one without it (signed in before
 * it was recorded) cannot be checked and counts as ended.
 */
export async function isAccountActive(session: Session): Promise<boolean> {
  if (session.role === 'provider') return isProviderActive(session.subjectId);
  if (!session.username) return false;
  const admin = await getAdminUser(session.username);
  return admin?.id === session.subjectId && admin.isActive;
}

/**
 * The server-side role check every provider and admin route goes through (DESIGN.md §6).
 * The token comes from `Authorization: Bearer` (the admin token the spec names) or the
 * session cookie. No token: 401. Unknown or expired token, or a provider or admin account no
 * longer active: 401. Other role: 403. A provider still on the temporary password: 403 except
 * on the routes that let them change it.
 */
export async function authorize(
  route: Pick<HttpRoute, 'access' | 'beforePasswordChange'>,
  event: APIGatewayProxyEventV2,
  now = Date.now(),
): Promise<Session | null> {
  if (route.access === 'public') return null;
  const token = bearerToken(event) ?? cookie(event, SESSION_COOKIE);
  if (!token) throw unauthorized();
  const session = await resolveSession(token, now);
  if (!session) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  if (session.role !== route.access) throw forbidden();
  if (!(await isAccountActive(session))) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  if (session.role === 'provider' && session.mustChangePassword && !route.beforePasswordChange) {
    throw forbidden(PASSWORD_CHANGE_REQUIRED);
  }
  return session;
}
