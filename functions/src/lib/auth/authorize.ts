import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { PASSWORD_CHANGE_REQUIRED } from '@shared/providers/messages';
import { adminStatusRead } from '#db/admin-users';
import { bothReads, mapRead, noRead, readItems, type ItemsRead } from '#db/item-reads';
import { providerRead, type ProviderRecord } from '#db/providers';
import type { HttpRoute } from '#routes';
import { forbidden, unauthorized } from '#core/errors';
import { bearerToken } from '../http/request';
import { sessionCookieToken } from './cookies';
import { resolveSession, type Session } from './sessions';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/**
 * Whether a provider account exists and is active, so a deactivated provider loses access at
 * once even if a session or socket survived the revocation. With a session at hand, check
 * `providerSessionCurrent` instead: it also refuses a session of an older password.
 */
export function isProviderActive(providerId: string): Promise<boolean> {
  return readItems(providerActiveRead(providerId));
}

const providerActiveRead = (providerId: string): ItemsRead<boolean> =>
  mapRead(providerRead(providerId), (provider) => provider?.isActive === true);

/**
 * Whether a provider session may still act on this provider item: the account is active and the
 * session was signed in with the current password (issue 25, review L4). A password change moves
 * `credentialsVersion` on, so a sign-in that checked the old password while it was being changed
 * (or a session the change's revocation missed) no longer counts.
 */
export function providerSessionCurrent(
  session: Pick<Session, 'credentialsVersion'>,
  provider: Pick<ProviderRecord, 'isActive' | 'credentialsVersion'> | null | undefined,
): boolean {
  return (
    provider?.isActive === true && provider.credentialsVersion === (session.credentialsVersion ?? 0)
  );
}

const providerSessionCurrentRead = (session: Session): ItemsRead<boolean> =>
  mapRead(providerRead(session.subjectId), (provider) => providerSessionCurrent(session, provider));

/** `providerSessionCurrent` for a session, reading its provider (the doctor's room entry). */
export function isProviderSessionCurrent(session: Session): Promise<boolean> {
  return readItems(providerSessionCurrentRead(session));
}

/**
 * Whether the account behind a session may still act (issue 10: sessions end with the account;
 * issue 25: and with the password they were signed in with), as a read that may share its
 * request. An admin session names its account by username; one without it (signed in before it
 * was recorded) cannot be checked and counts as ended.
 */
function accountActiveRead(session: Session): ItemsRead<boolean> {
  if (session.role === 'provider') return providerSessionCurrentRead(session);
  if (!session.username) return noRead(false);
  return mapRead(
    adminStatusRead(session.username),
    (admin) => admin?.id === session.subjectId && admin.isActive,
  );
}

/**
 * Items a route reads on every request whose keys follow from the session (the provider case
 * list's counters): read in the same request as the account re-check, so they cost none of their
 * own. They are read only once the session is found and reach the handler only if authorization
 * passes.
 */
export type AlongsideAccount<Answer> = (session: Session) => ItemsRead<Answer>;

/** A session authorization let through, and what was read alongside its account. */
export interface Authorized<Alongside> {
  session: Session;
  alongside: Alongside;
}

/**
 * The server-side role check every provider and admin route goes through (DESIGN.md §6).
 * The token comes from `Authorization: Bearer` (the admin token the spec names) or the
 * session cookie. No token: 401. Unknown or expired token, or a provider or admin account no
 * longer active: 401. Other role: 403. A provider still on the temporary password: 403 except
 * on the routes that let them change it.
 */
export async function authorize<Alongside = undefined>(
  route: Pick<HttpRoute, 'access' | 'beforePasswordChange'>,
  event: APIGatewayProxyEventV2,
  options: { now?: number; alongsideAccount?: AlongsideAccount<Alongside> } = {},
): Promise<Authorized<Alongside | undefined> | null> {
  if (route.access === 'public') return null;
  const token = bearerToken(event) ?? sessionCookieToken(event);
  if (!token) throw unauthorized();
  const session = await resolveSession(token, options.now ?? Date.now());
  if (!session) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  if (session.role !== route.access) throw forbidden();
  const account = accountActiveRead(session);
  const [active, alongside] = options.alongsideAccount
    ? await readItems(bothReads(account, options.alongsideAccount(session)))
    : [await readItems(account), undefined];
  if (!active) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  if (session.role === 'provider' && session.mustChangePassword && !route.beforePasswordChange) {
    throw forbidden(PASSWORD_CHANGE_REQUIRED);
  }
  return { session, alongside };
}
