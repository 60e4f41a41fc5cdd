import {
  PATIENT_KEY_FRAGMENT_PARAM,
  PATIENT_KEY_HEADER,
  PATIENT_KEY_STORAGE_PREFIX,
  patientKeyFragment,
  patientKeyFromHash,
} from '@shared/patients/patient-key';

/**
 * The patient's key in this browser (docs/adr/0012). The intake's answer carries it once; the
 * browser keeps it in local storage by case id (and patient id, reading B) so the patient's pages
 * work after a refresh, in a new tab and after the Stripe round trip, and sends it in one header on
 * the patient's calls. A visit link carries it in the fragment, which browsers never send to a
 * server: the page that opens it keeps the key and drops it from the address.
 */

const STORAGE_PREFIX = PATIENT_KEY_STORAGE_PREFIX;

function read(id: string): string | null {
  try {
    return window.localStorage.getItem(STORAGE_PREFIX + id);
  } catch {
    return null;
  }
}

/** Keeps the key for each id (the case's, and the patient's in reading B). */
export function keepPatientKey(ids: readonly string[], key: string): void {
  try {
    for (const id of ids) window.localStorage.setItem(STORAGE_PREFIX + id, key);
  } catch {
    // Storage unavailable (private mode): the pages fall back to the key in the link.
  }
}

/**
 * Reading B's pages know the patient id; its case id arrives in their answers. The case's calls
 * (its update ticket) need the same key under the case id.
 */
export function shareKeyWithCase(patientId: string, caseId: string): void {
  const key = read(patientId);
  if (key && read(caseId) !== key) keepPatientKey([caseId], key);
}

/** The key this browser holds for a case or patient, if any. */
export function patientKeyFor(id: string): string | null {
  return read(id);
}

/** The header of a patient call: the key of this case (or patient), or nothing. */
export function patientKeyHeaders(id: string): Record<string, string> {
  const key = read(id);
  return key ? { [PATIENT_KEY_HEADER]: key } : {};
}

/**
 * Keeps the key of an address's fragment (`#key=…`) for these ids, if it carries one. Returns
 * whether this browser now holds a key for the first id.
 */
export function adoptPatientKey(ids: readonly string[], hash: string): boolean {
  const key = patientKeyFromHash(hash);
  if (key) keepPatientKey(ids, key);
  return ids.length > 0 && read(ids[0]!) !== null;
}

/** The fragment without the key (the rest kept, e.g. the room's token); '' when nothing is left. */
export function hashWithoutPatientKey(hash: string): string {
  const rest = new URLSearchParams(hash.replace(/^#/, ''));
  rest.delete(PATIENT_KEY_FRAGMENT_PARAM);
  const left = rest.toString();
  return left ? `#${left}` : '';
}

/**
 * This page's address with this browser's key added to its fragment (the room's link to copy into
 * another browser), or the address as it is when this browser holds none.
 */
export function addressWithPatientKey(id: string): string {
  const key = read(id);
  if (!key) return window.location.href;
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  fragment.set(PATIENT_KEY_FRAGMENT_PARAM, key);
  const { origin, pathname, search } = window.location;
  return `${origin}${pathname}${search}#${fragment.toString()}`;
}

/**
 * A patient page's address with this browser's key in the fragment (the visit link to open on
 * another device), or null when this browser holds none.
 */
export function linkWithPatientKey(id: string, path: string): string | null {
  const key = read(id);
  return key ? `${window.location.origin}${path}${patientKeyFragment(key)}` : null;
}
