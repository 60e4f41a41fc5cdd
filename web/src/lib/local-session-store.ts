/**
 * Values a signed-in panel keeps in local storage (spec doc 2 §3), with the subscription React's
 * `useSyncExternalStore` needs: a change in this tab (sign-in, sign-out, a 401) or in another
 * tab (the `storage` event) re-renders the readers. Storage may be unavailable (private mode,
 * blocked cookies): reads give null and writes do nothing.
 */
export interface LocalSessionStore {
  read: (key: string) => string | null;
  /** Sets each key; null removes it. Readers are told even when storage fails. */
  write: (entries: Record<string, string | null>) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createLocalSessionStore(keys: readonly string[]): LocalSessionStore {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  function onStorage(event: StorageEvent) {
    // Another tab signed in or out (a null key: it cleared storage).
    if (event.key === null || keys.includes(event.key)) notify();
  }

  return {
    read(key) {
      try {
        return window.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    write(entries) {
      try {
        for (const [key, value] of Object.entries(entries)) {
          if (value === null) window.localStorage.removeItem(key);
          else window.localStorage.setItem(key, value);
        }
      } catch {
        // Storage unavailable: nothing is kept.
      } finally {
        notify();
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}
