import { describe, expect, it } from 'vitest';
import { adminCaseStatusOf, caseStatuses, patientCaseLabel, providerCaseLabel } from './status';

describe('case status views (DESIGN.md §5)', () => {
  it('maps every stored status to an admin status', () => {
    expect(caseStatuses.map((s) => adminCaseStatusOf[s])).toEqual([
      'pending',
      'pending',
      'assigned',
      'in_progress',
      'completed',
      'cancelled',
      'cancelled',
    ]);
  });

  it('labels the patient view as the spec words it', () => {
    expect(patientCaseLabel('paid')).toBe('Waiting for Provider');
    expect(patientCaseLabel('in_call')).toBe('Consultation Active');
    expect(patientCaseLabel('completed')).toBe('Consultation Ended');
    expect(patientCaseLabel('expired')).toBe('Session Expired');
    expect(patientCaseLabel('claimed')).toBe('Preparing...');
    expect(patientCaseLabel('cancelled')).toBe('Consultation Cancelled');
  });

  it('labels the provider view as the spec words it', () => {
    expect(providerCaseLabel('paid')).toBe('Ready for Care');
    expect(providerCaseLabel('claimed')).toBe('In Progress');
    expect(providerCaseLabel('in_call')).toBe('Meeting Active');
    expect(providerCaseLabel('completed')).toBe('Completed');
  });
});
