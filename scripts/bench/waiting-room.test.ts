import { describe, expect, it } from 'vitest';
import {
  SPEC_INTERVAL_MS,
  specRequestsPerPatientMinute,
  WAITING_RUN,
  PUSH_SAFETY_NET_MS,
  waitingPatients,
} from './waiting-room';

const seeded = Array.from({ length: 20 }, (_, i) => ({
  caseId: `c${i}`,
  patientId: `p${i}`,
  patientKey: `k${i}`,
}));

describe('the waiting-room run', () => {
  it('polls at the spec’s rates: visit 5 s, processing 2 s, verification 1 s', () => {
    expect(SPEC_INTERVAL_MS).toEqual({
      visit: 5000,
      paymentProcessing: 2000,
      paymentVerification: 1000,
    });
    expect(specRequestsPerPatientMinute).toBeCloseTo(0.6 * 12 + 0.2 * 30 + 0.2 * 60);
  });

  it('puts 60 % of the patients on the visit page and 20 % on each payment page', () => {
    const patients = waitingPatients(seeded, 10);
    expect(patients.map((patient) => patient.page)).toEqual([
      ...Array<string>(6).fill('visit'),
      'paymentProcessing',
      'paymentProcessing',
      'paymentVerification',
      'paymentVerification',
    ]);
    expect(new Set(patients.map((patient) => patient.caseId)).size).toBe(10);
    expect(() => waitingPatients(seeded, 21)).toThrow(/only 20 cases seeded/);
  });

  it('measures the push run over exactly one safety-net interval', () => {
    expect(WAITING_RUN.withPush.measureMs).toBe(PUSH_SAFETY_NET_MS);
  });
});
