import { randomInt, randomUUID } from 'node:crypto';
import type { DoctorApplicationRecord } from '#db/doctor-applications';

/** Crockford's base32 without I, L, O, U: nothing a doctor could misread when typing it back. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `XXXX-XXXX`, shown as `APP-XXXX-XXXX` (the landing page's hint): 40 bits of randomness. */
export function newApplicationId(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

export type NewApplicationFields = Pick<
  DoctorApplicationRecord,
  | 'fullName'
  | 'email'
  | 'phoneNumber'
  | 'medicalLicenseNumber'
  | 'licenseState'
  | 'specialization'
  | 'yearsExperience'
  | 'hospitalAffiliation'
  | 'medicalSchool'
  | 'graduationYear'
  | 'boardCertifications'
>;

/** A fresh application in its initial state (spec doc 2 §9: status pending). */
export function newApplicationRecord(
  fields: NewApplicationFields,
  now = new Date(),
): DoctorApplicationRecord {
  return {
    ...fields,
    id: randomUUID(),
    applicationId: newApplicationId(),
    status: 'pending',
    applicationDate: now.toISOString(),
    reviewedAt: null,
    reviewedBy: null,
    reviewNotes: null,
    providerId: null,
    metadata: {},
    version: 0,
  };
}
