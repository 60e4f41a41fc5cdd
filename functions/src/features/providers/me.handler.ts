import { getProvider } from '#db/providers';
import { SESSION_EXPIRED_MESSAGE } from '#lib/auth/authorize';
import { unauthorized } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { toProviderSession } from './views';

/**
 * GET /api/provider/me: the provider behind the session cookie, so a reloaded dashboard knows
 * whether it is still signed in (401 otherwise) and whether the password must be changed.
 */
export const handler = httpHandler(routes.providerMe, {
  async handle({ session }) {
    const provider = await getProvider(session.subjectId);
    if (!provider) throw unauthorized(SESSION_EXPIRED_MESSAGE);
    return {
      body: toProviderSession(provider, session.mustChangePassword),
      headers: { 'cache-control': 'no-store' },
    };
  },
});
