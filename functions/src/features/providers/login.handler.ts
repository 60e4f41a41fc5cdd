import { PROVIDER_LOGIN_FAILED } from '@shared/providers/api';
import { getProviderLogin } from '../../db/provider-logins';
import { getProvider } from '../../db/providers';
import { HttpError } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { beginSignIn } from '../auth/login-limits';
import { checkPassword } from '../auth/password-check';
import { challengeSecondFactor } from '../auth/second-factor';

/**
 * POST /api/provider/login, the password step (spec doc 2 §7, issues 8 and 25): a right password
 * answers the second factor's challenge, never a session; `POST /api/provider/login/code` ends
 * the sign-in. A rejected (deactivated) or unknown provider gets the same refusal as a wrong
 * password. The attempt stays counted until the code step succeeds, so a stolen password does
 * not reset the limits on guessing codes. Limits and delays: `auth/login-limits.ts`.
 */
export const handler = httpHandler(routes.providerLogin, {
  async handle({ body, clientIp }) {
    const attempt = await beginSignIn('provider', clientIp, body.email);
    const login = await getProviderLogin(body.email);
    const valid = await checkPassword(body.password, login?.isActive ? login.passwordHash : null);
    const provider = login && valid ? await getProvider(login.providerId) : null;
    if (!login || !provider?.isActive) throw new HttpError(401, PROVIDER_LOGIN_FAILED);
    await attempt.succeeded();
    const challenge = await challengeSecondFactor({
      role: 'provider',
      subjectId: provider.id,
      account: body.email,
      mustChangePassword: login.mustChangePassword,
    });
    return { body: challenge };
  },
});
