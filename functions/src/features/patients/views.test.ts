import { describe, expect, it } from 'vitest';
import type { CaseBundle } from '#db/cases/bundle';
import type { MeetingRecord } from '#db/meetings';
import type { CaseRecord } from '#db/cases/record';
import { paidCaseRecord, paymentRecord } from '#testing/cases';
import { scheduledMeetingRecord } from '#testing/meetings';
import { toVideoAccess } from './views';

const paidAt = '2026-11-20T10:00:00.000Z';
const now = new Date('2026-11-20T10:05:00.000Z');
const KEY_HOLDER = { patient: true };

const meeting = scheduledMeetingRecord(paidAt);

function bundle(
  status: CaseRecord['status'],
  overrides: Partial<MeetingRecord> = {},
  payments = [paymentRecord(paidAt)],
): CaseBundle {
  return {
    case: paidCaseRecord(paidAt, { status }),
    meeting: { ...meeting, ...overrides },
    payments,
    attachments: [],
  };
}

describe('video access (reading B)', () => {
  it('hands the key holder the join link while the case waits for its call', () => {
    const access = toVideoAccess(bundle('paid'), KEY_HOLDER, now);
    expect(access.meetingInfo?.meetingUrl).toBe(meeting.patientJoinUrl);
    expect(access.caseStatus).toBe('paid');
  });

  it('says an expired case is expired, with its money, and gives no join link', () => {
    const voided = [paymentRecord(paidAt, { status: 'voided' })];
    const access = toVideoAccess(bundle('expired', {}, voided), KEY_HOLDER, now);
    expect(access.caseStatus).toBe('expired');
    expect(access.money).toEqual({ state: 'released' });
    // Nothing was charged, so nothing is refunded.
    expect(access.refund).toBeNull();
    expect(access.meetingInfo?.meetingUrl).toBeNull();
  });

  it('tells the refund of an expired case charged at checkout (before manual capture)', () => {
    const charged = [paymentRecord(paidAt, { status: 'captured' })];
    const access = toVideoAccess(bundle('expired', {}, charged), KEY_HOLDER, now);
    expect(access.refund).toEqual({ status: 'pending' });
    expect(access.money).toEqual({ state: 'charged' });
  });

  it('says a cancelled case is cancelled and gives no join link', () => {
    const access = toVideoAccess(bundle('cancelled'), KEY_HOLDER, now);
    expect(access.caseStatus).toBe('cancelled');
    expect(access.meetingInfo?.meetingUrl).toBeNull();
  });

  it('gives no join link once the call has ended', () => {
    const access = toVideoAccess(
      bundle('completed', { status: 'completed', endedAt: paidAt }),
      KEY_HOLDER,
      now,
    );
    expect(access.caseStatus).toBe('completed');
    expect(access.meetingInfo?.meetingUrl).toBeNull();
  });
});
