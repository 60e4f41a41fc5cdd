import { PROVIDER_LOGIN_FAILED, type ProviderLoginResponse } from '@shared/providers/api';
import { getProviderLogin } from '../../db/provider-logins';
import { getProvider } from '../../db/providers';
import { HttpError } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { limitSignIn } from '../auth/login-limits';
import { checkPassword } from '../auth/password-check';
import { signIn } from '../auth/sign-in';

/**
 * POST /api/provider/login: `{ id, name, mustChangePassword }` (spec doc 2 §7, issue 8) and the session cookie. A rejected
 * (deactivated) or unknown provider gets the same refusal as a wrong password.
 */
export const handler = httpHandler(routes.providerLogin, {
  async handle({ body, clientIp }) {
    await limitSignIn('provider', clientIp, body.email);
    const login = await getProviderLogin(body.email);
    const valid = await checkPassword(body.password, login?.isActive ? login.passwordHash : null);
    const provider = login && valid ? await getProvider(login.providerId) : null;
    if (!login || !provider?.isActive) throw new HttpError(401, PROVIDER_LOGIN_FAILED);
    const { cookie } = await signIn('provider', provider.id);
    const answer: ProviderLoginResponse = {
      id: provider.id,
      name: provider.name,
      mustChangePassword: login.mustChangePassword,
    };
    return { body: answer, cookies: [cookie] };
  },
});
