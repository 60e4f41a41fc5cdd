import { endSessions } from '#lib/auth/sessions';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { signedOutCookie } from '../auth/sign-in';
import { closeProviderConnections } from '#lib/realtime/close-connections';

/**
 * POST /api/provider/logout: the session ends on the server, the alert sockets it opened close,
 * and the cookie is cleared. The provider's sessions in other browsers stay signed in.
 */
export const handler = httpHandler(routes.providerLogout, {
  async handle({ session }) {
    await Promise.all([
      endSessions([session.id]),
      closeProviderConnections(session.subjectId, [session.id]),
    ]);
    return { status: 204, cookies: [signedOutCookie()] };
  },
});
