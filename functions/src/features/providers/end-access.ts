import { sessionIdsOf } from '#db/sessions';
import { endSessions } from '#lib/auth/sessions';
import { closeProviderConnections } from '#lib/realtime/close-connections';

/**
 * Ends every session of a provider and closes every alert socket at once: when the approval is
 * withdrawn (the account is deactivated) and when the password changes. Authorization and every
 * push also re-check the account, so a session or socket that slipped past this still gets
 * nothing.
 */
export async function endProviderAccess(providerId: string): Promise<void> {
  const sessionIds = await sessionIdsOf(providerId);
  await Promise.all([endSessions(sessionIds), closeProviderConnections(providerId)]);
}
