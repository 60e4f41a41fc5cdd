import { describe, expect, it } from 'vitest';
import { applicationFilter, statsOf } from './views';
import type { DoctorApplicationRecord } from '#db/doctor-applications';

const totals = {
  total: 10,
  status_pending: 3,
  status_under_review: 1,
  status_approved: 4,
  status_rejected: 2,
  status_suspended: 0,
  reviewed: 4,
  // 1 h, 2 h, 3 h and 4.5 h: 10.5 h over 4 reviews.
  reviewMillis: 10.5 * 3_600_000,
};

describe('admin stats from the counters', () => {
  it('counts pending and under review as Pending Review, and averages review hours', () => {
    expect(statsOf({ totals, onDay: 2 })).toEqual({
      totalApplications: 10,
      pendingApplications: 4,
      approvedApplications: 4,
      rejectedApplications: 2,
      applicationsToday: 2,
      averageReviewTime: 2.6,
    });
  });

  it('reads 0 hours before any review', () => {
    expect(
      statsOf({ totals: { ...totals, reviewed: 0, reviewMillis: 0 }, onDay: 0 }),
    ).toMatchObject({ averageReviewTime: 0, applicationsToday: 0 });
  });
});

describe('the Applications filter', () => {
  const record = {
    fullName: 'Dr. Jane Smith',
    email: 'jane@example.com',
    specialization: 'Cardiology',
    status: 'pending',
  } as DoctorApplicationRecord;

  it.each([
    [{}, true],
    [{ search: 'SMITH' }, true],
    [{ search: 'EXAMPLE.COM' }, true],
    [{ search: 'cardio', status: 'pending' }, true],
    [{ search: 'cardio', status: 'approved' }, false],
    [{ search: 'neuro' }, false],
  ])('%j keeps it: %s', (filter, kept) => {
    expect(applicationFilter(filter)(record)).toBe(kept);
  });
});
