import { describe, expect, it } from 'vitest';
import { paths } from './paths';

/** The page paths as the specs name them (doc 1 §2, doc 2 §2), written out here on purpose. */
describe('paths', () => {
  it('names the fixed pages', () => {
    expect([
      paths.home,
      paths.patientTelehealth,
      paths.patient,
      paths.providerDashboard,
      paths.apply,
      paths.applicationStatus(),
    ]).toEqual([
      '/',
      '/patient-telehealth',
      '/patient',
      '/provider-dashboard',
      '/provider/apply',
      '/provider/status',
    ]);
  });

  it('puts a case id in the path or the query, encoded', () => {
    expect(paths.visit('a b/c')).toBe('/visit/a%20b%2Fc');
    expect(paths.feedback('a b/c')).toBe('/feedback/a%20b%2Fc');
    expect(paths.paymentChoice('a&b')).toBe('/payment-choice?case_id=a%26b');
    expect(paths.cardPayment('a&b')).toBe('/stripe-payment?case_id=a%26b');
    expect(paths.paymentProcessing('a&b')).toBe('/payment-processing?case_id=a%26b');
  });

  it('puts a patient or application id in the query, encoded', () => {
    expect(paths.videoAccess('p 1')).toBe('/video-access?patient_id=p%201');
    expect(paths.applicationStatus('APP-K7QF-29XM')).toBe('/provider/status?id=APP-K7QF-29XM');
    expect(paths.applicationStatus('APP-1/2')).toBe('/provider/status?id=APP-1%2F2');
  });
});
