import { useMemo, useSyncExternalStore } from 'react';
import * as z from 'zod';
import { createLocalSessionStore } from '@web/lib/local-session-store';

/**
 * Browser-stored values of the provider dashboard (spec doc 2 §3): the authentication flag and
 * the current provider, display data only (id and name). The session itself is the HttpOnly
 * cookie; on a reload the page asks the server (`me`) whether it is still alive.
 */
export const PROVIDER_AUTH_KEY = 'providerAuthenticated';
export const CURRENT_PROVIDER_KEY = 'currentProvider';

const currentProviderSchema = z.object({ id: z.string().min(1), name: z.string() });
export type CurrentProvider = z.infer<typeof currentProviderSchema>;

const store = createLocalSessionStore([PROVIDER_AUTH_KEY, CURRENT_PROVIDER_KEY]);

export function saveProviderSession(provider: CurrentProvider): void {
  store.write({
    [PROVIDER_AUTH_KEY]: 'true',
    [CURRENT_PROVIDER_KEY]: JSON.stringify({ id: provider.id, name: provider.name }),
  });
}

/** Sign-out clears the authentication flag and the current provider (spec doc 2 §4). */
export function clearProviderSession(): void {
  store.write({ [PROVIDER_AUTH_KEY]: null, [CURRENT_PROVIDER_KEY]: null });
}

function readRaw(): string | null {
  return store.read(PROVIDER_AUTH_KEY) === 'true' ? store.read(CURRENT_PROVIDER_KEY) : null;
}

export function parseCurrentProvider(raw: string | null): CurrentProvider | null {
  if (!raw) return null;
  try {
    const parsed = currentProviderSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function getCurrentProvider(): CurrentProvider | null {
  return parseCurrentProvider(readRaw());
}

/** The stored provider, or null when signed out; re-renders on sign-in, sign-out and 401. */
export function useCurrentProvider(): CurrentProvider | null {
  // The raw string is the snapshot: it compares equal until it changes.
  const raw = useSyncExternalStore(store.subscribe, readRaw, () => null);
  return useMemo(() => parseCurrentProvider(raw), [raw]);
}
