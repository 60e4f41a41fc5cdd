import { describe, expect, it } from 'vitest';
import { caseSummary, detailsOf, mine } from '../testing/provider-fixtures';
import { providerCaseMessages } from '@shared/cases/provider-case';
import { startRuleMessages } from '@shared/meetings/start-rule';
import { checkConsultationStart, joinUrlWithCase } from './start-rule';

describe('checkConsultationStart (spec doc 2 §4)', () => {
  it('allows my claimed or in-call case with a join link', () => {
    expect(checkConsultationStart(detailsOf(mine()))).toEqual({
      ok: true,
      joinUrl: '/room/room-1?token=provider',
    });
    expect(checkConsultationStart(detailsOf(mine({ status: 'in_call' }))).ok).toBe(true);
  });

  it.each([
    ['an unclaimed case', detailsOf(caseSummary()), startRuleMessages.notClaimed],
    [
      'my lapsed claim, in plain words',
      detailsOf(caseSummary({ myClaimLapsed: true })),
      providerCaseMessages.claimLapsed,
    ],
    [
      "another provider's case",
      detailsOf(caseSummary({ status: 'claimed', claimedBy: 'prov-0002' })),
      startRuleMessages.otherProvider,
    ],
    [
      'a completed case',
      detailsOf(mine({ status: 'completed' })),
      'This case is not in the correct status for consultation. Current status: completed',
    ],
    ['a case without a meeting', detailsOf(mine(), { meeting: null }), startRuleMessages.noMeeting],
    [
      'a meeting without a join link',
      detailsOf(mine(), {
        meeting: { zoomMeetingId: 'r', duration: 15, status: 'scheduled', providerJoinUrl: null },
      }),
      'Unable to start consultation at this time.',
    ],
  ])('refuses %s with the spec message', (_name, details, message) => {
    expect(checkConsultationStart(details)).toEqual({ ok: false, message });
  });
});

describe('joinUrlWithCase', () => {
  it('adds case_id to the join link, keeping its own parameters', () => {
    expect(joinUrlWithCase('/room/r1?token=t', 'case-1', 'https://app.example')).toBe(
      'https://app.example/room/r1?token=t&case_id=case-1',
    );
  });

  it("keeps the room link's fragment token after the query", () => {
    expect(
      joinUrlWithCase('/room/r1?role=provider#token=abc', 'case-1', 'https://app.example'),
    ).toBe('https://app.example/room/r1?role=provider&case_id=case-1#token=abc');
  });

  it('asks the room to start the timer with start=1 (Start Call, not Rejoin)', () => {
    expect(
      joinUrlWithCase('/room/r1?role=provider#token=abc', 'case-1', 'https://app.example', true),
    ).toBe('https://app.example/room/r1?role=provider&case_id=case-1&start=1#token=abc');
  });
});
