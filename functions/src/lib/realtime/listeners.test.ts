import { describe, expect, it } from 'vitest';
import type { StoredSession } from '#db/sessions';
import { SESSION_IDLE_MS } from '../auth/sessions';
import { mayReceive } from './listeners';

describe('mayReceive: the re-check before every push', () => {
  const now = Date.UTC(2026, 10, 25, 12);
  const listener = { providerId: 'provider-1', sessionId: 'session-1' };
  const session: StoredSession = {
    id: 'session-1',
    role: 'provider',
    subjectId: 'provider-1',
    createdAt: now - 60_000,
    lastSeenAt: now - 60_000,
    mustChangePassword: false,
  };

  it('lets a live session of an active provider receive', () => {
    expect(mayReceive(listener, session, true, now)).toBe(true);
  });

  it.each([
    ['the session is gone (signed out, revoked)', undefined, true],
    ['the account is deactivated', session, false],
    ['the session idled out', { ...session, lastSeenAt: now - SESSION_IDLE_MS }, true],
    ['the session belongs to another account', { ...session, subjectId: 'provider-2' }, true],
    ['the session is an admin session', { ...session, role: 'admin' as const }, true],
    ['the temporary password is still in use', { ...session, mustChangePassword: true }, true],
  ])('refuses when %s', (_reason, candidate, accountActive) => {
    expect(mayReceive(listener, candidate, accountActive, now)).toBe(false);
  });
});
