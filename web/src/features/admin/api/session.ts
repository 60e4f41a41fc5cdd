import { useSyncExternalStore } from 'react';
import type { AdminSession } from '@shared/admin/api';
import { createLocalSessionStore } from '@web/lib/local-session-store';

/** Browser-stored session values of the admin panel (spec doc 2 §3). */
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_ID_KEY = 'adminId';

const store = createLocalSessionStore([ADMIN_TOKEN_KEY, ADMIN_ID_KEY]);

export function getAdminToken(): string | null {
  return store.read(ADMIN_TOKEN_KEY) || null;
}

export function getAdminId(): string | null {
  return store.read(ADMIN_ID_KEY) || null;
}

export function saveAdminSession({ token, adminId }: AdminSession): void {
  store.write({ [ADMIN_TOKEN_KEY]: token, [ADMIN_ID_KEY]: adminId });
}

/** Forgets the stored token and id; the page shows the login form again. */
export function clearAdminSession(): void {
  store.write({ [ADMIN_TOKEN_KEY]: null, [ADMIN_ID_KEY]: null });
}

/** The stored admin token, or null when signed out; re-renders on sign-in, sign-out and 401. */
export function useAdminToken(): string | null {
  return useSyncExternalStore(store.subscribe, getAdminToken, () => null);
}
