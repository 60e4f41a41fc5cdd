import { timingSafeEqual } from 'node:crypto';
import {
  PATIENT_KEY_HEADER,
  PATIENT_KEY_PATTERN,
  PATIENT_KEY_REQUIRED,
} from '@shared/patients/patient-key';
import { forbidden } from '#core/errors';
import { header } from '../http/request';
import type { HttpEvent } from '../http/types';
import { hashToken, newToken } from './tokens';

/**
 * The patient's capability (docs/adr/0012-patient-capability.md): a 256-bit random key made at
 * intake and returned once. Only its SHA-256 is stored, on the case (a high-entropy random
 * secret needs no slow hash); a table dump holds no usable key.
 */
export function newPatientKey(): { key: string; hash: string } {
  const key = newToken();
  return { key, hash: hashToken(key) };
}

/** The key a request carries in its header, when it has the key's shape. */
export function patientKeyOf(event: HttpEvent): string | null {
  const value = header(event, PATIENT_KEY_HEADER)?.trim();
  return value && PATIENT_KEY_PATTERN.test(value) ? value : null;
}

/**
 * Whether `key` is the case's patient key. The hashes are compared in constant time; a case
 * stored before keys existed (no hash) has no patient holder at all.
 */
export function isPatientKey(key: string | null, storedHash: string | null): boolean {
  if (!key || !storedHash) return false;
  const expected = Buffer.from(storedHash);
  const actual = Buffer.from(hashToken(key));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether the request carries the case's patient key (a provider's session never does). */
export function holdsPatientKey(
  event: HttpEvent,
  caseRecord: { patientKeyHash: string | null },
): boolean {
  return isPatientKey(patientKeyOf(event), caseRecord.patientKeyHash);
}

/** Refuses (403, with what the patient can do) a patient action without the case's key. */
export function requirePatientKey(
  event: HttpEvent,
  caseRecord: { patientKeyHash: string | null },
): void {
  if (!holdsPatientKey(event, caseRecord)) throw forbidden(PATIENT_KEY_REQUIRED);
}
