// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { PATIENT_KEY_HEADER } from '@shared/patients/patient-key';
import {
  adoptPatientKey,
  hashWithoutPatientKey,
  keepPatientKey,
  patientKeyFor,
  patientKeyHeaders,
  shareKeyWithCase,
} from './patient-key';

const KEY = 'a'.repeat(43);

afterEach(() => window.localStorage.clear());

describe("the patient's key in this browser (docs/adr/0012)", () => {
  it('is kept per id and sent in its header; an id without a key sends nothing', () => {
    keepPatientKey(['case-1', 'patient-1'], KEY);
    expect(patientKeyFor('patient-1')).toBe(KEY);
    expect(patientKeyHeaders('case-1')).toEqual({ [PATIENT_KEY_HEADER]: KEY });
    expect(patientKeyHeaders('case-2')).toEqual({});
  });

  it("is taken from a link's fragment, only in the key's shape", () => {
    expect(adoptPatientKey(['case-1'], '#key=short')).toBe(false);
    expect(adoptPatientKey(['case-1'], `#token=t.1.s&key=${KEY}`)).toBe(true);
    expect(patientKeyFor('case-1')).toBe(KEY);
    // Once kept, the page works without the fragment (a refresh, a new tab).
    expect(adoptPatientKey(['case-1'], '')).toBe(true);
  });

  it('leaves the rest of the fragment (the room token) when dropped from the address', () => {
    expect(hashWithoutPatientKey(`#token=t.1.s&key=${KEY}`)).toBe('#token=t.1.s');
    expect(hashWithoutPatientKey(`#key=${KEY}`)).toBe('');
  });

  it("is shared with the case of a reading B patient (the case socket's ticket)", () => {
    keepPatientKey(['patient-1'], KEY);
    shareKeyWithCase('patient-1', 'case-1');
    expect(patientKeyFor('case-1')).toBe(KEY);
  });
});
