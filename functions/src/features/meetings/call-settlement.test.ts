import { describe, expect, it } from 'vitest';
import { emptyMediaAccount, type MediaAccount } from '#db/meeting-media';
import { bothConnectedSeconds, callDecision } from './call-settlement';

const start = Date.parse('2026-11-29T10:00:00.000Z');
const account = (fields: Partial<MediaAccount>): MediaAccount => ({
  ...emptyMediaAccount,
  ...fields,
});

describe('how long both parties were connected (the media account, docs/adr/0019)', () => {
  it('is nothing when media never flowed', () => {
    expect(bothConnectedSeconds(emptyMediaAccount, start + 900_000)).toBe(0);
  });

  it('runs from the first flow to the end, less the lost time', () => {
    const flowed = account({ firstFlowAt: start + 5_000, lostMs: 20_000 });
    expect(bothConnectedSeconds(flowed, start + 95_000)).toBe(70);
  });

  it('does not count a gap still open at the end', () => {
    const dropped = account({ firstFlowAt: start, lostMs: 10_000, gapStartedAt: start + 50_000 });
    expect(bothConnectedSeconds(dropped, start + 200_000)).toBe(40);
  });

  it('is never negative (a report applied after the end)', () => {
    expect(bothConnectedSeconds(account({ firstFlowAt: start + 10_000 }), start)).toBe(0);
  });
});

describe("the call's money decision", () => {
  it('captures a consultation held for the minimum, voids one shorter', () => {
    expect(callDecision(60, 60)).toEqual({ action: 'capture', why: 'consultation_held' });
    expect(callDecision(59.9, 60)).toEqual({ action: 'void', why: 'never_connected' });
    expect(callDecision(0, 60)).toEqual({ action: 'void', why: 'never_connected' });
  });
});
