import { sessionCookieToken } from '#lib/auth/cookies';
import { revokeSession } from '#lib/auth/sessions';
import { bearerToken } from '#lib/http/request';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { signedOutCookie } from '../auth/sign-in';

/** POST /api/admin/logout: the session ends on the server, not only in the browser. */
export const handler = httpHandler(routes.adminLogout, {
  async handle({ event }) {
    const token = bearerToken(event) ?? sessionCookieToken(event);
    if (token) await revokeSession(token);
    return { status: 204, cookies: [signedOutCookie()] };
  },
});
