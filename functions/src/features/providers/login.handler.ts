import { PROVIDER_LOGIN_FAILED, TEMPORARY_PASSWORD_EXPIRED } from '@shared/providers/messages';
import { getProviderLogin } from '#db/provider-logins';
import { getProvider } from '#db/providers';
import { HttpError } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { beginSignIn } from '../auth/login-limits';
import { checkPassword } from '../auth/password-check';
import { challengeSecondFactor } from '../auth/second-factor';
import { temporaryPasswordExpired } from '../auth/temporary-password';

/**
 * POST /api/provider/login, the password step (spec doc 2 §7, issues 8 and 25): a right password
 * answers the second factor's challenge, never a session; `POST /api/provider/login/code` ends
 * the sign-in. A rejected (deactivated) or unknown provider gets the same refusal as a wrong
 * password. The emailed temporary password signs in only within 72 hours of its issue
 * (`auth/temporary-password.ts`), and its session only allows the password change. Limits and
 * delays: `auth/login-limits.ts`; codes have limits of their own (`auth/second-factor.ts`),
 * which a right password does not clear.
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
    // The version read with the hash just checked travels with the pending sign-in into the
    // session: if that password changes meanwhile, the session is refused from its first
    // request (issue 25, review L4).
    const challenge = await challengeSecondFactor({
      role: 'provider',
      subjectId: provider.id,
      account: body.email,
      mustChangePassword: login.mustChangePassword,
      credentialsVersion: login.credentialsVersion,
    });
    return { body: challenge };
  },
});
