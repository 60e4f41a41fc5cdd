import { SESSION_COOKIE, clearedSessionCookie } from '../../lib/auth/cookies';
import { revokeSession } from '../../lib/auth/sessions';
import { env } from '../../lib/env';
import { bearerToken, cookie } from '../../lib/http/request';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';

/** POST /api/admin/logout: the session ends on the server, not only in the browser. */
export const handler = httpHandler(routes.adminLogout, {
  async handle({ event }) {
    const token = bearerToken(event) ?? cookie(event, SESSION_COOKIE);
    if (token) await revokeSession(token);
    return {
      status: 204,
      cookies: [clearedSessionCookie(env.appBaseUrl.startsWith('https://'))],
    };
  },
});
