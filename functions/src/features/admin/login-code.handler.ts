import type { AdminLoginResponse } from '@shared/admin/api';
import { SECOND_FACTOR_MESSAGES } from '@shared/second-factor/api';
import { getAdminUser, recordAdminLogin } from '#db/admin-users';
import { HttpError } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { completeSecondFactor } from '../auth/second-factor';
import { signIn } from '../auth/sign-in';

/**
 * POST /api/admin/login/code, the second step (issue 25): the code turns the pending sign-in
 * into `{ token, adminId }` (spec doc 2 §3) and the session cookie, with the recovery codes once
 * after an enrolment.
 */
export const handler = httpHandler(routes.adminLoginCode, {
  async handle({ body, clientIp }) {
    const { pending, recoveryCodes } = await completeSecondFactor('admin', clientIp, body);
    // Deactivated between the two steps: no session.
    const admin = pending.username ? await getAdminUser(pending.username) : null;
    if (!admin?.isActive || admin.id !== pending.subjectId) {
      throw new HttpError(401, SECOND_FACTOR_MESSAGES.signInExpired);
    }
    await recordAdminLogin(admin.username, new Date());
    const { token, cookie } = await signIn('admin', admin.id, { username: admin.username });
    const answer: AdminLoginResponse = { token, adminId: admin.id, recoveryCodes };
    return { body: answer, cookies: [cookie] };
  },
});
