import type { ProviderConnectionRecord } from '#db/connections';
import { getProviders } from '#db/providers';
import { getSessions, type StoredSession } from '#db/sessions';
import { providerSessionCurrent } from '../auth/authorize';
import { isSessionLive } from '../auth/sessions';

/** Who opened a connection: the provider account and the session its ticket came from. */
export type Listener = Pick<ProviderConnectionRecord, 'providerId' | 'sessionId'>;

/**
 * May this listener still receive alerts (DESIGN.md §6)? Its session still exists, is live, is a
 * provider session of the same account past the temporary password, and the account is active.
 */
export function mayReceive(
  listener: Listener,
  session: StoredSession | undefined,
  accountActive: boolean,
  now: number,
): boolean {
  return (
    session !== undefined &&
    session.role === 'provider' &&
    session.subjectId === listener.providerId &&
    !session.mustChangePassword &&
    isSessionLive(session, now) &&
    accountActive
  );
}

/**
 * Splits listeners into those that may still receive and those whose session or account has
 * ended, with two batched reads for the whole group (sessions, then accounts).
 */
export async function checkListeners<Item extends Listener>(
  listeners: readonly Item[],
  now = Date.now(),
): Promise<{ allowed: Item[]; refused: Item[] }> {
  if (listeners.length === 0) return { allowed: [], refused: [] };
  const unique = (values: string[]) => [...new Set(values)];
  const [sessions, providers] = await Promise.all([
    getSessions(unique(listeners.map((listener) => listener.sessionId))),
    getProviders(unique(listeners.map((listener) => listener.providerId))),
  ]);
  const sessionsById = new Map(sessions.map((session) => [session.id, session]));
  const providersById = new Map(providers.map((provider) => [provider.id, provider]));
  const allowed: Item[] = [];
  const refused: Item[] = [];
  for (const listener of listeners) {
    const session = sessionsById.get(listener.sessionId);
    // Active, and signed in with the current password (issue 25).
    const active =
      session !== undefined &&
      providerSessionCurrent(session, providersById.get(listener.providerId));
    (mayReceive(listener, session, active, now) ? allowed : refused).push(listener);
  }
  return { allowed, refused };
}
