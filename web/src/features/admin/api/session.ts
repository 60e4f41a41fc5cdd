import { useSyncExternalStore } from 'react';
import type { AdminLoginResponse } from '@shared/admin/api';

/** Browser-stored session values of the admin panel (spec doc 2 §3). */
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_ID_KEY = 'adminId';

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function getAdminToken(): string | null {
  return read(ADMIN_TOKEN_KEY) || null;
}

export function getAdminId(): string | null {
  return read(ADMIN_ID_KEY) || null;
}

export function saveAdminSession({ token, adminId }: AdminLoginResponse): void {
  try {
    window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
    window.localStorage.setItem(ADMIN_ID_KEY, adminId);
  } finally {
    notify();
  }
}

/** Forgets the stored token and id; the page shows the login form again. */
export function clearAdminSession(): void {
  try {
    window.localStorage.removeItem(ADMIN_TOKEN_KEY);
    window.localStorage.removeItem(ADMIN_ID_KEY);
  } catch {
    // Storage unavailable: nothing was stored.
  } finally {
    notify();
  }
}

function onStorage(event: StorageEvent): void {
  // Another tab signed in or out.
  if (event.key === null || event.key === ADMIN_TOKEN_KEY || event.key === ADMIN_ID_KEY) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The stored admin token, or null when signed out; re-renders on sign-in, sign-out and 401. */
export function useAdminToken(): string | null {
  return useSyncExternalStore(subscribe, getAdminToken, () => null);
}
