import { providerPasswordMessages, TEMPORARY_PASSWORD_EXPIRED } from '@shared/providers/messages';
import { getProviderLogin, providerPasswordTx } from '#db/provider-logins';
import { getProvider, providerCredentialsVersionTx } from '#db/providers';
import { writeConditionalTransaction } from '#db/transaction';
import { SESSION_EXPIRED_MESSAGE } from '#lib/auth/authorize';
import { hashPassword, verifyPassword } from '#lib/auth/passwords';
import { conflict, HttpError, serviceUnavailable, unauthorized } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { beginSignIn } from '../auth/login-limits';
import { signIn } from '../auth/sign-in';
import { temporaryPasswordExpired } from '../auth/temporary-password';
import { endProviderAccess } from './end-access';
import { toProviderSession } from './views';

export const PASSWORD_CHANGED_MEANWHILE =
  'Your password was changed in another session. Please sign in again.';

/**
 * POST /api/provider/password: the first sign-in's forced change (issue 8), also open later.
 * The current password is checked like a sign-in (same limits), the new one is stored as a
 * scrypt hash, and every session and alert socket of the provider ends: the temporary password
 * and anything signed in with it stop working. The change moves `credentialsVersion` on, on the
 * sign-in and the provider item in one transaction, so a session signed in with the old password
 * that the revocation below misses (a sign-in still in flight, the index's lag) is refused by
 * every request's authorization (issue 25, review L4). The answer carries a fresh session cookie.
 */
export const handler = httpHandler(routes.providerChangePassword, {
  async handle({ body, session, clientIp }) {
    const provider = await getProvider(session.subjectId);
    if (!provider) throw unauthorized(SESSION_EXPIRED_MESSAGE);
    const attempt = await beginSignIn('provider', clientIp, provider.email);
    const login = await getProviderLogin(provider.email);
    if (!login?.isActive) throw unauthorized(SESSION_EXPIRED_MESSAGE);
    if (!(await verifyPassword(body.currentPassword, login.passwordHash))) {
      throw new HttpError(422, providerPasswordMessages.currentWrong);
    }
    await attempt.succeeded();
    if (temporaryPasswordExpired(login)) throw unauthorized(TEMPORARY_PASSWORD_EXPIRED);
    const credentialsVersion = login.credentialsVersion + 1;
    const codes = await writeConditionalTransaction([
      providerPasswordTx({
        email: login.email,
        passwordHash: await hashPassword(body.newPassword),
        verifiedHash: login.passwordHash,
        credentialsVersion,
      }),
      providerCredentialsVersionTx(provider.id, credentialsVersion),
    ]);
    if (codes?.[0] === 'ConditionalCheckFailed') throw conflict(PASSWORD_CHANGED_MEANWHILE);
    if (codes) throw serviceUnavailable('Too many changes at once. Please try again.');
    await endProviderAccess(provider.id);
    const { cookie } = await signIn('provider', provider.id, {
      mustChangePassword: false,
      credentialsVersion,
    });
    return { body: toProviderSession(provider, false), cookies: [cookie] };
  },
});
