import { deactivateAdminUser, getAdminUser } from '#db/admin-users';
import { sessionIdsOf } from '#db/sessions';
import { endSessions } from '#lib/auth/sessions';

/**
 * Deactivates an administrator and ends every session of the account (issue 10: sessions end
 * with the account). Authorization also re-reads the account on each request, so a session
 * that slipped past this is refused too. No route calls it; false when there is no such admin.
 */
export async function deactivateAdmin(username: string): Promise<boolean> {
  const admin = await getAdminUser(username);
  if (!admin || !(await deactivateAdminUser(username))) return false;
  await endSessions(await sessionIdsOf(admin.id));
  return true;
}
