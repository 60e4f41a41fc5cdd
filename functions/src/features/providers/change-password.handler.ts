import { providerPasswordMessages } from '@shared/providers/api';
import { getProviderLogin, setProviderPassword } from '../../db/provider-logins';
import { getProvider } from '../../db/providers';
import { SESSION_EXPIRED_MESSAGE } from '../../lib/auth/authorize';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords';
import { conflict, HttpError, unauthorized } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { beginSignIn } from '../auth/login-limits';
import { signIn } from '../auth/sign-in';
import { endProviderAccess } from './end-access';
import { toProviderSession } from './views';

export const PASSWORD_CHANGED_MEANWHILE =
  'Your password was changed in another session. Please sign in again.';

/**
 * POST /api/provider/password: the first sign-in's forced change (issue 8), also open later.
 * The current password is checked like a sign-in (same limits), the new one is stored as a
 * scrypt hash, and every session and alert socket of the provider ends: the temporary password
 * and anything signed in with it stop working. The answer carries a fresh session cookie.
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
    const newHash = await hashPassword(body.newPassword);
    if (!(await setProviderPassword(login.email, newHash, login.passwordHash))) {
      throw conflict(PASSWORD_CHANGED_MEANWHILE);
    }
    await endProviderAccess(provider.id);
    const { cookie } = await signIn('provider', provider.id, { mustChangePassword: false });
    return { body: toProviderSession(provider, false), cookies: [cookie] };
  },
});
