import { ADMIN_LOGIN_FAILED } from '@shared/admin/api';
import { getAdminUser } from '#db/admin-users';
import { HttpError } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { beginSignIn } from '../auth/login-limits';
import { checkPassword } from '../auth/password-check';
import { challengeSecondFactor } from '../auth/second-factor';

/**
 * POST /api/admin/login, the password step (spec doc 2 §3, issue 25): a right password answers
 * the second factor's challenge, never a session; `POST /api/admin/login/code` answers
 * `{ token, adminId }` and the session cookie. Codes have limits of their own
 * (`auth/second-factor.ts`). Limits and delays: `auth/login-limits.ts`.
 */
export const handler = httpHandler(routes.adminLogin, {
  async handle({ body, clientIp }) {
    const attempt = await beginSignIn('admin', clientIp, body.username);
    const admin = await getAdminUser(body.username);
    const valid = await checkPassword(body.password, admin?.isActive ? admin.passwordHash : null);
    if (!admin || !valid) throw new HttpError(401, ADMIN_LOGIN_FAILED);
    await attempt.succeeded();
    const challenge = await challengeSecondFactor({
      role: 'admin',
      subjectId: admin.id,
      account: body.username,
      username: admin.username,
    });
    return { body: challenge };
  },
});
