import { PROVIDER_LOGIN_FAILED, TEMPORARY_PASSWORD_EXPIRED } from '@shared/providers/api';
import { getProviderLogin } from '../../db/provider-logins';
import { getProvider } from '../../db/providers';
import { HttpError } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { beginSignIn } from '../auth/login-limits';
import { checkPassword } from '../auth/password-check';
import { signIn } from '../auth/sign-in';
import { temporaryPasswordExpired } from '../auth/temporary-password';
import { toProviderSession } from './views';

/**
 * POST /api/provider/login: `{ id, name, mustChangePassword }` (spec doc 2 §7, issue 8) and the
 * session cookie. A rejected (deactivated) or unknown provider gets the same refusal as a wrong
 * password. With the emailed temporary password the session only allows the password change,
 * and only within 72 hours of its issue (`auth/temporary-password.ts`).
 * Limits and delays: `auth/login-limits.ts`.
 */
export const handler = httpHandler(routes.providerLogin, {
  async handle({ body, clientIp }) {
    const attempt = await beginSignIn('provider', clientIp, body.email);
    const login = await getProviderLogin(body.email);
    const valid = await checkPassword(body.password, login?.isActive ? login.passwordHash : null);
    const provider = login && valid ? await getProvider(login.providerId) : null;
    if (!login || !provider?.isActive) throw new HttpError(401, PROVIDER_LOGIN_FAILED);
    await attempt.succeeded();
    if (temporaryPasswordExpired(login)) throw new HttpError(401, TEMPORARY_PASSWORD_EXPIRED);
    // The version read with the hash just checked: if that password changes meanwhile, the
    // session is refused from its first request (issue 25, review L4).
    const { mustChangePassword, credentialsVersion } = login;
    const { cookie } = await signIn('provider', provider.id, {
      mustChangePassword,
      credentialsVersion,
    });
    return { body: toProviderSession(provider, mustChangePassword), cookies: [cookie] };
  },
});
