import type { PatientSessionNote } from '@shared/patients/request';

/** Session storage key of the note saved before the payment redirect (spec doc 1 §3). */
export const PATIENT_SESSION_KEY = 'telehealth.patientSession';

/** Saves the note; storage may be unavailable (private mode), which the redirect survives. */
export function savePatientSessionNote(note: PatientSessionNote): boolean {
  try {
    sessionStorage.setItem(PATIENT_SESSION_KEY, JSON.stringify(note));
    return true;
  } catch {
    return false;
  }
}
