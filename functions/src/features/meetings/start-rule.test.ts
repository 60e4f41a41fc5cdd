import { describe, expect, it } from 'vitest';
import { providerCaseMessages } from '@shared/cases/provider-case';
import { startRuleMessages } from '@shared/meetings/start-rule';
import type { CaseBundle } from '#db/cases/bundle';
import type { CaseRecord } from '#db/cases/record';
import type { MeetingRecord } from '#db/meetings';
import { paidCaseRecord } from '#testing/cases';
import { scheduledMeetingRecord } from '#testing/meetings';
import { effectiveCase } from '../cases/claim-lease';
import { effectiveMeeting, meetingLive } from '../cases/effective-meeting';
import { callTimesFrom } from './start';
import { startRuleRefusal } from './start-rule';

const now = new Date('2026-11-26T09:00:00.000Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

const meeting = (overrides: Partial<MeetingRecord> = {}): MeetingRecord => ({
  ...scheduledMeetingRecord(at(-30)),
  ...overrides,
});

const bundleOf = (caseOverrides: Partial<CaseRecord>, withMeeting = true): CaseBundle => ({
  case: paidCaseRecord(at(-30), caseOverrides),
  meeting: withMeeting ? meeting() : null,
  payments: [],
  attachments: [],
});

const claimed = (providerId: string, leaseEndsInMinutes = 5): Partial<CaseRecord> => ({
  status: 'claimed',
  claimedBy: providerId,
  claimedByName: 'Dr. A',
  claimedAt: at(-1),
  leaseEndsAt: at(leaseEndsInMinutes),
});

const inCall = (providerId: string, endsInMinutes: number): Partial<CaseRecord> => ({
  ...claimed(providerId),
  status: 'in_call',
  leaseEndsAt: null,
  startedAt: at(endsInMinutes - 15),
  endsAt: at(endsInMinutes),
  // The patient's room page entered: the call is not a no-show (docs/adr/0023).
  patientJoinedAt: at(-1),
});

const refusal = (bundle: CaseBundle, providerId = 'a') => {
  const error = startRuleRefusal(bundle, providerId, now);
  return error && { status: error.status, message: error.message };
};

describe('the consultation start rule (spec doc 2 §4)', () => {
  it('allows the claimer of a claimed or in-call case with a meeting', () => {
    expect(refusal(bundleOf(claimed('a')))).toBeNull();
    expect(refusal(bundleOf(inCall('a', 5)))).toBeNull();
  });

  it('refuses an unclaimed case and a lapsed claim (409), another provider (403)', () => {
    expect(refusal(bundleOf({}))).toEqual({ status: 409, message: startRuleMessages.notClaimed });
    // The provider's own lapsed claim, from a stale screen: said in plain words.
    expect(refusal(bundleOf(claimed('a', -1)))).toEqual({
      status: 409,
      message: providerCaseMessages.claimLapsed,
    });
    expect(refusal(bundleOf(claimed('b')))).toEqual({
      status: 403,
      message: startRuleMessages.otherProvider,
    });
    expect(refusal(bundleOf(inCall('b', 5)))?.status).toBe(403);
  });

  it('refuses other statuses with the status, and a case without meeting (409)', () => {
    expect(refusal(bundleOf({ status: 'expired' }))).toEqual({
      status: 409,
      message: startRuleMessages.wrongStatus('expired'),
    });
    // A call past its endsAt is completed already, even before the end is stored.
    expect(refusal(bundleOf(inCall('a', -1)))).toEqual({
      status: 409,
      message: startRuleMessages.wrongStatus('completed'),
    });
    expect(refusal(bundleOf(claimed('a'), false))).toEqual({
      status: 409,
      message: startRuleMessages.noMeeting,
    });
  });
});

describe('the meeting clock (DESIGN.md §7)', () => {
  it('ends MEETING_DURATION_SECONDS after the start, under a schedule named for the meeting', () => {
    expect(callTimesFrom('m1', now, 900)).toEqual({
      startedAt: now.toISOString(),
      endsAt: at(15),
      autoEndTimerId: 'meeting-end-m1',
    });
  });

  it('reads an active meeting past endsAt as completed at endsAt, to the millisecond', () => {
    const active = meeting({ status: 'active', startedAt: at(-15), endsAt: now.toISOString() });
    const justBefore = new Date(now.getTime() - 1);
    expect(effectiveMeeting(active, justBefore)).toBe(active);
    expect(meetingLive(active, justBefore)).toBe(true);
    expect(effectiveMeeting(active, now)).toMatchObject({
      status: 'completed',
      endedAt: now.toISOString(),
    });
    expect(meetingLive(active, now)).toBe(false);
    expect(meetingLive(meeting(), now)).toBe(false);
  });

  it('reads a call past endsAt as a completed case ended at endsAt', () => {
    const live = bundleOf(inCall('a', 1)).case;
    expect(effectiveCase(live, now)).toBe(live);
    expect(effectiveCase(bundleOf(inCall('a', 0)).case, now)).toMatchObject({
      status: 'completed',
      endedAt: now.toISOString(),
      claimedBy: 'a',
    });
  });

  it('reads a call past endsAt that the patient never joined as a cancelled no-show (ADR 0023)', () => {
    const neverJoined = { ...inCall('a', 0), patientJoinedAt: null };
    expect(effectiveCase(bundleOf(neverJoined).case, now)).toMatchObject({
      status: 'cancelled',
      callOutcome: 'patient_no_show',
      endedAt: now.toISOString(),
      claimedBy: 'a',
    });
    const running = bundleOf({ ...inCall('a', 1), patientJoinedAt: null }).case;
    expect(effectiveCase(running, now)).toBe(running);
  });
});
