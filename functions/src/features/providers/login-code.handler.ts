import { SECOND_FACTOR_MESSAGES } from '@shared/second-factor/api';
import { getProvider } from '#db/providers';
import { HttpError } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { completeSecondFactor } from '../auth/second-factor';
import { signIn } from '../auth/sign-in';
import { toProviderSession } from './views';

/**
 * POST /api/provider/login/code, the second step (issue 25): the code from the authenticator
 * app (or a recovery code, or the first code of an enrolment) turns the pending sign-in into
 * the session cookie and answers the provider (spec doc 2 §7), with the recovery codes once
 * after an enrolment. With the emailed temporary password the session only allows the change.
 */
export const handler = httpHandler(routes.providerLoginCode, {
  async handle({ body, clientIp }) {
    const { pending, recoveryCodes } = await completeSecondFactor('provider', clientIp, body);
    // Deactivated between the two steps: no session.
    const provider = await getProvider(pending.subjectId);
    if (!provider?.isActive) throw new HttpError(401, SECOND_FACTOR_MESSAGES.signInExpired);
    const mustChangePassword = pending.mustChangePassword ?? true;
    // The version of the password the first step checked (a change since refuses the session).
    const { credentialsVersion } = pending;
    const { cookie } = await signIn('provider', provider.id, {
      mustChangePassword,
      credentialsVersion,
    });
    return {
      body: { ...toProviderSession(provider, mustChangePassword), recoveryCodes },
      cookies: [cookie],
    };
  },
});
