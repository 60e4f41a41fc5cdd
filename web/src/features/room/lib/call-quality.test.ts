import { describe, expect, it } from 'vitest';
import {
  createQualityMeter,
  MIN_VIDEO_BITRATE_BPS,
  type CallQuality,
  type QualityMeter,
} from './call-quality';
import { selectedPath, statsReport, type Stat } from '../testing/stats-report';

/** One 2 s interval of a call as the network treats it. */
interface Interval {
  /** Packets received (audio) and lost over the interval. */
  received?: number;
  lost?: number;
  rttMs?: number;
  jitterMs?: number;
  /** What the other side reports it lost of ours, 0–1. */
  sendFractionLost?: number;
  /** No selected candidate pair (no media path). */
  noPair?: boolean;
  availableOutgoingBitrate?: number;
  freezeCount?: number;
  /** A fresh peer connection: its streams have new ids and count from zero. */
  streamId?: string;
}

const STEP_MS = 2_000;

/**
 * A call whose browser reports running totals, as `getStats()` does: each `next()` adds one
 * interval's packets to the totals and returns the report the room would read.
 */
function fakeCall() {
  const totals = new Map<string, { received: number; lost: number }>();
  return (interval: Interval = {}): Map<string, unknown> => {
    const id = interval.streamId ?? 'IA';
    const total = totals.get(id) ?? { received: 0, lost: 0 };
    total.received += interval.received ?? 100;
    total.lost += interval.lost ?? 0;
    totals.set(id, total);
    const stats: Stat[] = [
      {
        id,
        type: 'inbound-rtp',
        kind: 'audio',
        packetsReceived: total.received,
        packetsLost: total.lost,
        jitter: (interval.jitterMs ?? 5) / 1000,
      },
      {
        id: 'RA',
        type: 'remote-inbound-rtp',
        kind: 'audio',
        fractionLost: interval.sendFractionLost ?? 0,
      },
      { id: 'IV', type: 'inbound-rtp', kind: 'video', freezeCount: interval.freezeCount },
      { id: 'OV', type: 'outbound-rtp', kind: 'video', qualityLimitationReason: 'none' },
    ];
    if (!interval.noPair) {
      stats.push(
        ...selectedPath('relay', 'host', {
          currentRoundTripTime: (interval.rttMs ?? 40) / 1000,
          availableOutgoingBitrate: interval.availableOutgoingBitrate ?? 1_500_000,
        }),
      );
    }
    return statsReport(...stats);
  };
}

/**
 * Feeds the meter a baseline report (the link as in the first interval, without its packet
 * counts) and then the intervals, 2 s apart; answers every quality.
 */
function run(intervals: Interval[], meter: QualityMeter = createQualityMeter()): CallQuality[] {
  const call = fakeCall();
  const { rttMs, jitterMs, sendFractionLost } = intervals[0] ?? {};
  meter.sample(call({ rttMs, jitterMs, sendFractionLost }), 0);
  return intervals.map((interval, index) => meter.sample(call(interval), (index + 1) * STEP_MS));
}

const levels = (intervals: Interval[]) => run(intervals).map((quality) => quality.level);

describe('createQualityMeter: the level', () => {
  it('is good on a clean link, with the figures of the window', () => {
    const [quality] = run([{ received: 99, lost: 1, rttMs: 80, jitterMs: 12 }]);
    expect(quality).toEqual({
      level: 'good',
      reasons: [],
      path: 'relayed',
      rttMs: 80,
      receiveLossPct: 1,
      sendLossPct: 0,
      jitterMs: 12,
      framesPerSecond: null,
      freezes: null,
      qualityLimitationReason: 'none',
      availableOutgoingBitrateBps: 1_500_000,
    } satisfies CallQuality);
  });

  it.each([
    ['loss of what we receive', { received: 95, lost: 5 }, 'loss'],
    ['loss of what we send', { sendFractionLost: 0.04 }, 'loss'],
    ['a long round trip', { rttMs: 400 }, 'delay'],
    ['jitter', { jitterMs: 40 }, 'jitter'],
  ] as const)('is weak with %s between the good and poor thresholds', (_name, interval, reason) => {
    const [quality] = run([interval]);
    expect(quality?.level).toBe('weak');
    expect(quality?.reasons).toEqual([reason]);
  });

  it.each([
    ['8 % loss', { received: 92, lost: 8 }, ['loss']],
    ['lost packets of ours', { sendFractionLost: 0.1 }, ['loss']],
    ['a 600 ms round trip', { rttMs: 600 }, ['delay']],
    ['60 ms jitter', { jitterMs: 60 }, ['jitter']],
    [
      'all three',
      { received: 80, lost: 20, rttMs: 700, jitterMs: 90 },
      ['loss', 'delay', 'jitter'],
    ],
  ] as const)('is poor with %s', (_name, interval, reasons) => {
    const [quality] = run([interval]);
    expect(quality?.level).toBe('poor');
    expect(quality?.reasons).toEqual(reasons);
  });

  it('just under the thresholds is still good (2 % loss, 300 ms, 30 ms are the first weak)', () => {
    expect(levels([{ received: 1000, lost: 19, rttMs: 299, jitterMs: 29 }])).toEqual(['good']);
    expect(levels([{ received: 98, lost: 2 }])).toEqual(['weak']);
  });

  it('counts the interval, not the totals: an early bad minute does not hold the label down', () => {
    const bad = { received: 50, lost: 50 };
    const good = { received: 100, lost: 0 };
    // Since the start, 150 of 750 packets are lost (20 %); over the last window none.
    expect(levels([bad, bad, bad, good, good, good])).toEqual([
      'poor',
      'poor',
      'poor',
      'poor',
      'good',
      'good',
    ]);
  });
});

describe('createQualityMeter: smoothing', () => {
  it('does not flap on one spike of loss, delay or jitter', () => {
    const clean = { received: 100, lost: 0, rttMs: 50, jitterMs: 8 };
    expect(
      levels([
        clean,
        clean,
        { received: 70, lost: 30 },
        clean,
        { ...clean, rttMs: 900 },
        clean,
        { ...clean, jitterMs: 120 },
        clean,
      ]),
    ).toEqual(Array(8).fill('good'));
  });

  it('turns poor when the second bad reading of the window comes, and good again likewise', () => {
    const clean = { received: 100, lost: 0 };
    const lossy = { received: 85, lost: 15 };
    expect(levels([clean, clean, lossy, lossy, lossy, clean, clean])).toEqual([
      'good',
      'good',
      'good',
      'poor',
      'poor',
      'poor',
      'good',
    ]);
  });

  it('forgets readings older than the window (a page whose timers were throttled)', () => {
    const meter = createQualityMeter();
    const call = fakeCall();
    meter.sample(call(), 0);
    meter.sample(call({ rttMs: 900 }), 2_000);
    meter.sample(call({ rttMs: 900 }), 4_000);
    // 30 s later (a hidden tab): the two slow readings are not this window's.
    expect(meter.sample(call({ rttMs: 50 }), 34_000).level).toBe('good');
  });
});

describe('createQualityMeter: lost', () => {
  it('is lost at once when not one packet came in over the interval, and back after', () => {
    const qualities = run([{}, { received: 0 }, { received: 0 }, {}]);
    expect(qualities.map((quality) => quality.level)).toEqual(['good', 'lost', 'lost', 'good']);
    expect(qualities[1]?.reasons).toEqual(['no-media']);
  });

  it('is lost without a selected candidate pair, whatever the last figure said', () => {
    const qualities = run([{ rttMs: 40 }, { noPair: true }]);
    expect(qualities[1]).toMatchObject({ level: 'lost', reasons: ['no-media'], path: null });
  });

  it('is not lost on the first report of a fresh peer connection (no baseline yet)', () => {
    // The restart's new streams count from zero under new ids: never "lost", never negative.
    const qualities = run([{}, { streamId: 'IA-2', received: 3 }, { streamId: 'IA-2' }]);
    expect(qualities.map((quality) => quality.level)).toEqual(['good', 'good', 'good']);
    expect(qualities[1]?.receiveLossPct).toBe(0);
  });

  it('takes no packets as lost only once there was a stream to compare with', () => {
    const meter = createQualityMeter();
    const empty = new Map<string, unknown>([
      ['T1', { id: 'T1', type: 'transport', selectedCandidatePairId: 'P1' }],
      ['P1', { id: 'P1', type: 'candidate-pair', currentRoundTripTime: 0.05 }],
    ]);
    // The other side sends nothing at all (no camera, no microphone): the path is up.
    expect(meter.sample(empty, 0).level).toBe('good');
    expect(meter.sample(empty, 2_000).level).toBe('good');
  });
});

describe('createQualityMeter: the other figures', () => {
  it('names a short outgoing estimate as a further reason of a weak link, never alone', () => {
    const short = MIN_VIDEO_BITRATE_BPS - 1;
    const [weak, , good] = run([
      { rttMs: 400, availableOutgoingBitrate: short },
      { rttMs: 40, availableOutgoingBitrate: short },
      { rttMs: 40, availableOutgoingBitrate: short },
    ]);
    expect(weak?.reasons).toEqual(['delay', 'bandwidth']);
    expect(weak?.availableOutgoingBitrateBps).toBe(short);
    // Our own cap keeps the estimate low: with the link clean again it is good.
    expect(good).toMatchObject({ level: 'good', reasons: [] });
  });

  it('counts freezes of the received video per interval', () => {
    const qualities = run([{ freezeCount: 1 }, { freezeCount: 3 }, { freezeCount: 3 }]);
    expect(qualities.map((quality) => quality.freezes)).toEqual([null, 2, 0]);
  });
});
