import { useCallback, useEffect, useRef, useState } from 'react';

/** The saved copy merged into `initial`: only known fields, with the type the form expects. */
export function readStoredValues<T extends object>(key: string, initial: T): T {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return initial;
    const saved: unknown = JSON.parse(raw);
    if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return initial;
    const merged = { ...initial };
    for (const field of Object.keys(initial) as (keyof T)[]) {
      const value = (saved as Partial<T>)[field];
      if (value !== undefined && sameShape(value, initial[field])) merged[field] = value;
    }
    return merged;
  } catch {
    return initial;
  }
}

/** Forms hold text and lists of text only, so that is all a saved copy may bring back. */
function sameShape(value: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }
  return typeof value === typeof expected;
}

/**
 * A form's values, kept in session storage under `key` when one is given, so a reload loses
 * nothing (never files). `forget` drops the saved copy once the form was sent; the next edit
 * saves again.
 */
export function useStoredValues<T extends object>(key: string | undefined, initial: () => T) {
  const [values, setValues] = useState<T>(() =>
    key ? readStoredValues(key, initial()) : initial(),
  );
  const saving = useRef(true);

  useEffect(() => {
    if (!key || !saving.current) return;
    try {
      sessionStorage.setItem(key, JSON.stringify(values));
    } catch {
      // Storage full or unavailable: the form still works, it just does not survive a reload.
    }
  }, [key, values]);

  const update = useCallback(<F extends keyof T>(field: F, value: T[F]) => {
    saving.current = true;
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  const forget = useCallback(() => {
    saving.current = false;
    if (!key) return;
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing saved.
    }
  }, [key]);

  return { values, setValues, update, forget };
}
