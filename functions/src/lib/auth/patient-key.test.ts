import { describe, expect, it } from 'vitest';
import {
  PATIENT_KEY_HEADER,
  PATIENT_KEY_REQUIRED,
  patientKeyFragment,
  patientKeyFromHash,
} from '@shared/patients/patient-key';
import type { HttpEvent } from '../http/types';
import {
  holdsPatientKey,
  isPatientKey,
  newPatientKey,
  patientKeyOf,
  requirePatientKey,
} from './patient-key';

const eventWith = (headers: Record<string, string>) => ({ headers }) as unknown as HttpEvent;

describe('the patient key', () => {
  it('is 256 random bits in base64url, different every time, stored only as its hash', () => {
    const first = newPatientKey();
    const second = newPatientKey();
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first.key, 'base64url')).toHaveLength(32);
    expect(first.key).not.toBe(second.key);
    expect(first.hash).not.toContain(first.key);
    expect(isPatientKey(first.key, first.hash)).toBe(true);
  });

  it('matches only its own hash, and a case without a hash matches nothing', () => {
    const { key, hash } = newPatientKey();
    const other = newPatientKey();
    expect(isPatientKey(other.key, hash)).toBe(false);
    expect(isPatientKey(key, other.hash)).toBe(false);
    expect(isPatientKey(null, hash)).toBe(false);
    expect(isPatientKey(key, null)).toBe(false);
    // The hash itself is no key.
    expect(isPatientKey(hash, hash)).toBe(false);
  });

  it('is read from its header whatever the case of the name, and only in its shape', () => {
    const { key } = newPatientKey();
    expect(patientKeyOf(eventWith({ [PATIENT_KEY_HEADER.toLowerCase()]: key }))).toBe(key);
    expect(patientKeyOf(eventWith({ [PATIENT_KEY_HEADER]: key }))).toBe(key);
    expect(patientKeyOf(eventWith({ [PATIENT_KEY_HEADER]: `${key}x` }))).toBeNull();
    expect(patientKeyOf(eventWith({ [PATIENT_KEY_HEADER]: 'short' }))).toBeNull();
    expect(patientKeyOf(eventWith({}))).toBeNull();
  });

  it('refuses a request without the case key with 403 and what the patient can do', () => {
    const { key, hash } = newPatientKey();
    const caseRecord = { patientKeyHash: hash };
    expect(holdsPatientKey(eventWith({ [PATIENT_KEY_HEADER]: key }), caseRecord)).toBe(true);
    expect(() =>
      requirePatientKey(eventWith({ [PATIENT_KEY_HEADER]: key }), caseRecord),
    ).not.toThrow();
    expect(() => requirePatientKey(eventWith({}), caseRecord)).toThrow(
      expect.objectContaining({ status: 403, message: PATIENT_KEY_REQUIRED }),
    );
    const wrong = newPatientKey().key;
    expect(() => requirePatientKey(eventWith({ [PATIENT_KEY_HEADER]: wrong }), caseRecord)).toThrow(
      expect.objectContaining({ status: 403 }),
    );
  });

  it('travels in a link fragment and back', () => {
    const { key } = newPatientKey();
    expect(patientKeyFromHash(patientKeyFragment(key))).toBe(key);
    expect(patientKeyFromHash(`#token=abc&key=${key}`)).toBe(key);
    expect(patientKeyFromHash('#key=not-a-key')).toBeNull();
    expect(patientKeyFromHash('')).toBeNull();
  });
});
