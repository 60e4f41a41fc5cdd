import { describe, expect, it } from 'vitest';
import type { SeenCase } from '#db/case-presence';
import { presenceListener } from './presence';

const now = new Date('2026-11-25T12:00:00.000Z');
const seen = (overrides: Partial<SeenCase>): SeenCase => ({
  claimedBy: 'prov-a',
  status: 'claimed',
  leaseEndsAt: '2026-11-25T12:05:00.000Z',
  patientSeenAt: now.toISOString(),
  ...overrides,
});

describe('presenceListener', () => {
  it('is the claimer while the lease runs, and the doctor of a started call', () => {
    expect(presenceListener(seen({}), now)).toBe('prov-a');
    expect(presenceListener(seen({ status: 'in_call', leaseEndsAt: null }), now)).toBe('prov-a');
  });

  it('is nobody for a lapsed claim not yet released, an available or ended case', () => {
    expect(presenceListener(seen({ leaseEndsAt: now.toISOString() }), now)).toBeNull();
    expect(presenceListener(seen({ leaseEndsAt: null }), now)).toBeNull();
    expect(presenceListener(seen({ status: 'paid', claimedBy: null }), now)).toBeNull();
    expect(presenceListener(seen({ status: 'completed' }), now)).toBeNull();
    expect(presenceListener(seen({ claimedBy: null, status: 'in_call' }), now)).toBeNull();
  });
});
