import { ADMIN_LOGIN_FAILED, type AdminLoginResponse } from '@shared/admin/api';
import { getAdminUser, recordAdminLogin } from '../../db/admin-users';
import { HttpError } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { beginSignIn } from '../auth/login-limits';
import { checkPassword } from '../auth/password-check';
import { signIn } from '../auth/sign-in';

/**
 * POST /api/admin/login: `{ token, adminId }` (spec doc 2 §3) and the session cookie. Limits
 * and delays: `auth/login-limits.ts`.
 */
export const handler = httpHandler(routes.adminLogin, {
  async handle({ body, clientIp }) {
    const attempt = await beginSignIn('admin', clientIp, body.username);
    const admin = await getAdminUser(body.username);
    const valid = await checkPassword(body.password, admin?.isActive ? admin.passwordHash : null);
    if (!admin || !valid) throw new HttpError(401, ADMIN_LOGIN_FAILED);
    await attempt.succeeded();

    await recordAdminLogin(admin.username, new Date());
    const { token, cookie } = await signIn('admin', admin.id, { username: admin.username });
    const answer: AdminLoginResponse = { token, adminId: admin.id };
    return { body: answer, cookies: [cookie] };
  },
});
