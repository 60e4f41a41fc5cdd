import { describe, expect, it } from 'vitest';
import { isWaitingCase, medianMinutes } from './queue-wait';
import { minutesBetween } from './wait-samples';

const now = new Date('2026-11-29T10:00:00.000Z');
const paid = {
  status: 'paid',
  requestType: 'telemedicine',
  paidAt: '2026-11-29T09:50:00.000Z',
  leaseEndsAt: null,
} as const;

describe('isWaitingCase (the place rule)', () => {
  it('counts a paid telemedicine case, and a claim whose lease ended', () => {
    expect(isWaitingCase(paid, now)).toBe(true);
    const lapsed = { ...paid, status: 'claimed', leaseEndsAt: '2026-11-29T09:59:59.000Z' } as const;
    expect(isWaitingCase(lapsed, now)).toBe(true);
    expect(isWaitingCase({ ...lapsed, leaseEndsAt: now.toISOString() }, now)).toBe(true);
  });

  it('does not count a live claim, a started or closed case, an unpaid case or a nurse visit', () => {
    const live = { ...paid, status: 'claimed', leaseEndsAt: '2026-11-29T10:00:01.000Z' } as const;
    expect(isWaitingCase(live, now)).toBe(false);
    for (const status of ['in_call', 'completed', 'expired', 'cancelled'] as const) {
      expect(isWaitingCase({ ...paid, status }, now)).toBe(false);
    }
    expect(isWaitingCase({ ...paid, status: 'awaiting_payment', paidAt: null }, now)).toBe(false);
    expect(isWaitingCase({ ...paid, requestType: 'nurse-visit' }, now)).toBe(false);
    // A nurse visit's claim has no lease: it never reads as lapsed.
    const nurse = { ...paid, requestType: 'nurse-visit', status: 'claimed' } as const;
    expect(isWaitingCase(nurse, now)).toBe(false);
  });
});

describe('medianMinutes', () => {
  it('is the default before any sample', () => {
    expect(medianMinutes([], 15)).toBe(15);
  });

  it('is the middle sample of an odd count and the mean of the middle two of an even count', () => {
    expect(medianMinutes([9, 1, 5], 15)).toBe(5);
    expect(medianMinutes([4, 1, 10, 2], 15)).toBe(3);
  });

  it('is not moved by one outlier', () => {
    expect(medianMinutes([12, 14, 13, 240, 15], 2)).toBe(14);
  });
});

describe('minutesBetween', () => {
  it('measures minutes to the hundredth', () => {
    expect(minutesBetween('2026-11-29T09:50:00.000Z', '2026-11-29T10:02:30.000Z')).toBe(12.5);
    expect(minutesBetween('2026-11-29T10:00:00.000Z', '2026-11-29T10:00:01.000Z')).toBe(0.02);
  });
});
