import { describe, expect, it } from 'vitest';
import { emptyMediaAccount, type MediaAccount } from '#db/meeting-media';
import { accountMediaReport, type MediaReport } from './media-gap';

/** The dropped-call accounting (issue 26 item 6, docs/adr/0019), at times given in seconds. */
const START = Date.UTC(2026, 10, 28, 12, 0, 0);
const at = (seconds: number) => START + seconds * 1000;
const running = { status: 'active', endsAt: at(900) };
const rules = { graceSeconds: 60, maxExtensionSeconds: 180 };

const patient = (flowing: boolean): MediaReport => ({ role: 'patient', flowing });
const doctor = (flowing: boolean): MediaReport => ({ role: 'provider', flowing });

/** Applies reports in order (`[seconds, report]`), as the server would; answers the last outcome. */
function replay(steps: [number, MediaReport][], clock = running) {
  let account: MediaAccount = emptyMediaAccount;
  let extensions: { endsAt: number; extendedBySeconds: number }[] = [];
  for (const [seconds, report] of steps) {
    const outcome = accountMediaReport(clock, account, report, at(seconds), rules);
    if (!outcome) continue;
    account = outcome.account;
    if (outcome.extension) extensions = [...extensions, outcome.extension];
  }
  return { account, extensions };
}

/** Both parties had media from `t = 10`; both lost it at `from`, the patient got it back at `to`. */
const gap = (from: number, to: number): [number, MediaReport][] => [
  [from, patient(false)],
  [from, doctor(false)],
  [to, patient(true)],
];
const flowing: [number, MediaReport][] = [
  [10, patient(true)],
  [10, doctor(true)],
];

describe('the dropped-call account', () => {
  it('counts nothing before media first flowed', () => {
    const { account } = replay([
      [5, patient(false)],
      [5, doctor(false)],
      [200, patient(true)],
    ]);
    expect(account).toMatchObject({ firstFlowAt: at(200), gapStartedAt: null, lostMs: 0 });
  });

  it('begins a gap only when the second party is without media, and ends it at the first report of media', () => {
    const oneSide = replay([...flowing, [20, patient(false)]]);
    expect(oneSide.account.gapStartedAt).toBeNull();
    const both = replay([...flowing, [20, patient(false)], [25, doctor(false)]]);
    expect(both.account.gapStartedAt).toBe(at(25));
    const back = replay([
      ...flowing,
      [20, patient(false)],
      [25, doctor(false)],
      [55, doctor(true)],
    ]);
    expect(back.account).toMatchObject({ gapStartedAt: null, lostMs: 30_000 });
  });

  it('does not extend a call for a gap under the grace', () => {
    const { account, extensions } = replay([...flowing, ...gap(100, 159)]);
    expect(account.lostMs).toBe(59_000);
    expect(extensions).toEqual([]);
  });

  it('moves endsAt once by the lost time when the gap ends past the grace', () => {
    const { account, extensions } = replay([...flowing, ...gap(100, 190.4)]);
    expect(extensions).toEqual([{ endsAt: at(990), extendedBySeconds: 90 }]);
    expect(account.extendedBySeconds).toBe(90);
  });

  it('adds up the gaps: the one that takes the lost time past the grace extends by all of it', () => {
    const { extensions } = replay([...flowing, ...gap(100, 140), ...gap(200, 230)]);
    expect(extensions).toEqual([{ endsAt: at(970), extendedBySeconds: 70 }]);
  });

  it('caps the extension at three minutes', () => {
    const { extensions } = replay([...flowing, ...gap(100, 400)]);
    expect(extensions).toEqual([{ endsAt: at(1080), extendedBySeconds: 180 }]);
  });

  it('extends only once, however many gaps follow', () => {
    const { account, extensions } = replay([...flowing, ...gap(100, 200), ...gap(300, 400)]);
    expect(extensions).toHaveLength(1);
    expect(account.lostMs).toBe(200_000);
  });

  it('ignores reports after endsAt, and of a meeting that is not running', () => {
    const lost = replay([...flowing, [100, patient(false)], [100, doctor(false)]]).account;
    expect(accountMediaReport(running, lost, patient(true), at(900), rules)).toBeNull();
    const ended = { status: 'completed', endsAt: at(900) };
    expect(accountMediaReport(ended, lost, patient(true), at(200), rules)).toBeNull();
    const notStarted = { status: 'scheduled', endsAt: null };
    expect(
      accountMediaReport(notStarted, emptyMediaAccount, patient(true), at(1), rules),
    ).toBeNull();
  });

  it('answers null for a repeat, so nothing is written', () => {
    const { account } = replay(flowing);
    expect(accountMediaReport(running, account, patient(true), at(11), rules)).toBeNull();
  });

  it('counts a report applied after a later one (one Lambda each) as no negative time', () => {
    const { account } = replay([
      ...flowing,
      [100, patient(false)],
      [100, doctor(false)],
      [99, doctor(true)],
    ]);
    expect(account).toMatchObject({ gapStartedAt: null, lostMs: 0 });
  });
});
