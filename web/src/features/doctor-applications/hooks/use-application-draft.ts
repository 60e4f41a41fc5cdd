import { useCallback, useEffect, useState } from 'react';
import { initialApplicationValues, type ApplicationFormValues } from '../lib/application-form';

/** Session storage key of the unsent text fields (files are never stored). */
export const APPLICATION_DRAFT_KEY = 'telehealth.doctorApplication.draft';

function readDraft(initial: ApplicationFormValues): ApplicationFormValues {
  try {
    const raw = sessionStorage.getItem(APPLICATION_DRAFT_KEY);
    if (!raw) return initial;
    const saved: unknown = JSON.parse(raw);
    if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return initial;
    const record = saved as Record<string, unknown>;
    const merged: ApplicationFormValues = { ...initial };
    for (const field of Object.keys(initial) as (keyof ApplicationFormValues)[]) {
      const value = record[field];
      if (field === 'boardCertifications') {
        if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
          merged.boardCertifications = value;
        }
      } else if (typeof value === 'string') {
        merged[field] = value;
      }
    }
    return merged;
  } catch {
    return initial;
  }
}

/**
 * The application's text fields, kept in session storage so a reload loses nothing (spec: the
 * applicant may spend a while on it). `clear` forgets the saved copy once the application exists.
 */
export function useApplicationDraft() {
  const [values, setValues] = useState<ApplicationFormValues>(() =>
    readDraft(initialApplicationValues()),
  );
  const [saving, setSaving] = useState(true);

  useEffect(() => {
    if (!saving) return;
    try {
      sessionStorage.setItem(APPLICATION_DRAFT_KEY, JSON.stringify(values));
    } catch {
      // Storage full or unavailable: the form still works, it just does not survive a reload.
    }
  }, [values, saving]);

  const update = useCallback(
    <F extends keyof ApplicationFormValues>(field: F, value: ApplicationFormValues[F]) => {
      setSaving(true);
      setValues((current) => ({ ...current, [field]: value }));
    },
    [],
  );

  /** Forgets the saved copy and starts from the defaults again. */
  const clear = useCallback(() => {
    setSaving(false);
    setValues(initialApplicationValues());
    try {
      sessionStorage.removeItem(APPLICATION_DRAFT_KEY);
    } catch {
      // Nothing saved.
    }
  }, []);

  return { values, update, clear };
}
