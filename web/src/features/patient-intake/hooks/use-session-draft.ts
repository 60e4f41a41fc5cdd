import { useCallback, useEffect, useState } from 'react';

/** Session storage key prefix of the unsent form fields. */
export const DRAFT_KEY_PREFIX = 'telehealth.intakeDraft.';

function readDraft<T extends object>(key: string, initial: T): T {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return initial;
    const saved: unknown = JSON.parse(raw);
    if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return initial;
    // Only known fields, with the type the form expects.
    const merged = { ...initial };
    for (const field of Object.keys(initial) as (keyof T)[]) {
      const value = (saved as Partial<T>)[field];
      const expected = initial[field];
      if (value === undefined) continue;
      if (Array.isArray(expected) ? Array.isArray(value) : typeof value === typeof expected) {
        merged[field] = value;
      }
    }
    return merged;
  } catch {
    return initial;
  }
}

/**
 * Form fields that survive a reload (session storage; never files). `clear` forgets the saved
 * copy once the form was sent; later edits are saved again.
 */
export function useSessionDraft<T extends object>(name: string, initial: T) {
  const key = `${DRAFT_KEY_PREFIX}${name}`;
  const [draft, setDraft] = useState<T>(() => readDraft(key, initial));

  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(draft));
    } catch {
      // Storage full or unavailable: the form still works, it just does not survive a reload.
    }
  }, [key, draft]);

  const update = useCallback(<F extends keyof T>(field: F, value: T[F]) => {
    setDraft((current) => ({ ...current, [field]: value }));
  }, []);

  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing saved.
    }
  }, [key]);

  return { draft, update, setDraft, clear };
}
