import {
  readStatsSnapshot,
  type ConnectionPath,
  type InboundCounters,
  type StatsSnapshot,
} from './connection-stats';

/**
 * The call's quality as a patient can understand it (issue 26 item 5), from the room's
 * `getStats()` reports two at a time: what was lost, how late and how unevenly it came over the
 * interval between them, never the totals since the call began (a bad minute an hour ago must
 * not keep the label down, a bad minute now must not hide in an hour's average).
 *
 * - `good`, `weak`, `poor` from packet loss (what we receive, and what the other side reports
 *   it receives from us), the round trip and the jitter;
 * - `lost`: no media path (no selected candidate pair), or not one packet received over the
 *   interval although media was flowing before (a frozen picture, whatever the last figure said).
 *
 * The labels are smoothed: each figure is the median of the last `QUALITY_WINDOW_MS` (three
 * readings at the room's 2 s), so one late or lossy reading does not flap the label; `lost`
 * shows at once, because an outage is not a spike.
 */
export type QualityLevel = 'good' | 'weak' | 'poor' | 'lost';

/** Why the call is not good; empty when it is. `bandwidth` never lowers the level by itself. */
export type QualityReason = 'no-media' | 'loss' | 'delay' | 'jitter' | 'bandwidth';

export interface CallQuality {
  level: QualityLevel;
  reasons: QualityReason[];
  /** The selected pair's path (the e2e tests read it; the doctor sees it in the details). */
  path: ConnectionPath | null;
  /** Round trip in ms: the selected pair's, else the receiver reports'. */
  rttMs: number | null;
  /** Of the packets sent to us over the window, the per cent lost. */
  receiveLossPct: number | null;
  /** Of what we send, the per cent the other side reports lost. */
  sendLossPct: number | null;
  jitterMs: number | null;
  framesPerSecond: number | null;
  /** Freezes of the received video during the last interval (Chromium only). */
  freezes: number | null;
  qualityLimitationReason: string | null;
  availableOutgoingBitrateBps: number | null;
}

/**
 * Where the labels change, and why:
 * - round trip: ITU-T G.114 keeps one-way delay under 150 ms for conversation that feels
 *   natural and calls 400 ms the limit; 300 ms and 600 ms of round trip are those one-way
 *   figures with a margin for the jitter buffer, where people start talking over each other;
 * - loss: Opus's in-band FEC and WebRTC's retransmissions hide about 2 % without an audible or
 *   visible trace; from 8 % words drop out and the picture freezes and smears (Daily and
 *   LiveKit start their bad state in the same 5–10 % band);
 * - jitter: WebRTC's jitter buffer absorbs up to about 30 ms without adding noticeable delay; at
 *   60 ms it grows (delay) or drops late packets (loss), and speech turns choppy.
 */
export const QUALITY_THRESHOLDS = {
  good: { lossPct: 2, rttMs: 300, jitterMs: 30 },
  poor: { lossPct: 8, rttMs: 600, jitterMs: 60 },
} as const;

/**
 * Below this outgoing estimate video cannot carry a recognisable picture next to the voice
 * (Opus takes 30–50 kbit/s; 640×480 VP8 at 150 kbit/s is already blocky at a low frame rate).
 */
export const MIN_VIDEO_BITRATE_BPS = 150_000;

/**
 * The labels' smoothing window: the last three of the room's readings, 2 s apart
 * (STATS_INTERVAL_MS), with a second of slack for a late timer.
 */
export const QUALITY_WINDOW_MS = 5_000;

export interface QualityMeter {
  /** Reads one report (every 2 s in the room) and answers the quality over the latest window. */
  sample(report: RTCStatsReport | Iterable<[string, unknown]>, now: number): CallQuality;
}

/** The figures of one interval between two reports. */
interface Interval {
  at: number;
  receiveLossPct: number | null;
  sendLossPct: number | null;
  rttMs: number | null;
  jitterMs: number | null;
}

/**
 * Packets received and lost between two reports, over the streams both know (a stream new since
 * the last report has no baseline yet). `packetsLost` can go down (a late packet arrives after
 * it was counted lost), so a negative delta counts as none.
 */
function inboundDelta(
  before: Record<string, InboundCounters>,
  after: Record<string, InboundCounters>,
): { received: number; lost: number } | null {
  let received = 0;
  let lost = 0;
  let matched = false;
  for (const [id, now] of Object.entries(after)) {
    const then = before[id];
    if (!then || now.packetsReceived < then.packetsReceived) continue;
    matched = true;
    received += now.packetsReceived - then.packetsReceived;
    lost += Math.max(0, now.packetsLost - then.packetsLost);
  }
  return matched ? { received, lost } : null;
}

/** The lower median: with two readings, the better one (a single spike never decides). */
function median(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return known.length ? (known[Math.floor((known.length - 1) / 2)] ?? null) : null;
}

function rounded(value: number | null, digits = 1): number | null {
  if (value === null) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** The level from the window's figures, and the figures that keep it from `good`. */
function classify(
  figures: Pick<Interval, 'receiveLossPct' | 'sendLossPct' | 'rttMs' | 'jitterMs'>,
): { level: 'good' | 'weak' | 'poor'; reasons: QualityReason[] } {
  const lossPct = Math.max(figures.receiveLossPct ?? 0, figures.sendLossPct ?? 0);
  const checks: [QualityReason, number, number, number][] = [
    ['loss', lossPct, QUALITY_THRESHOLDS.good.lossPct, QUALITY_THRESHOLDS.poor.lossPct],
    ['delay', figures.rttMs ?? 0, QUALITY_THRESHOLDS.good.rttMs, QUALITY_THRESHOLDS.poor.rttMs],
    [
      'jitter',
      figures.jitterMs ?? 0,
      QUALITY_THRESHOLDS.good.jitterMs,
      QUALITY_THRESHOLDS.poor.jitterMs,
    ],
  ];
  const reasons = checks.filter(([, value, good]) => value >= good).map(([reason]) => reason);
  const poor = checks.some(([, value, , bad]) => value >= bad);
  return { level: poor ? 'poor' : reasons.length ? 'weak' : 'good', reasons };
}

/**
 * A meter for one room page: it keeps the previous report's counters and the last intervals'
 * figures. The room feeds it every report (`STATS_INTERVAL_MS`); a fresh peer connection's
 * streams have new ids, so their first report only sets a baseline.
 */
export function createQualityMeter(): QualityMeter {
  let previous: StatsSnapshot | null = null;
  let window: Interval[] = [];

  return {
    sample(report, now) {
      const snapshot = readStatsSnapshot(report);
      const before = previous;
      previous = snapshot;
      const delta = before ? inboundDelta(before.inbound, snapshot.inbound) : null;
      const interval: Interval = {
        at: now,
        receiveLossPct:
          delta && delta.received + delta.lost > 0
            ? (100 * delta.lost) / (delta.received + delta.lost)
            : null,
        sendLossPct: snapshot.sendFractionLost === null ? null : 100 * snapshot.sendFractionLost,
        rttMs: snapshot.connection?.rttMs ?? snapshot.remoteRttMs,
        jitterMs: snapshot.jitterMs,
      };
      window = [...window.filter((kept) => now - kept.at < QUALITY_WINDOW_MS), interval];

      const smoothed = {
        receiveLossPct: median(window.map((kept) => kept.receiveLossPct)),
        sendLossPct: median(window.map((kept) => kept.sendLossPct)),
        rttMs: median(window.map((kept) => kept.rttMs)),
        jitterMs: median(window.map((kept) => kept.jitterMs)),
      };
      const lost = snapshot.connection === null || delta?.received === 0;
      const { level, reasons } = lost
        ? { level: 'lost' as const, reasons: ['no-media' as const] }
        : classify(smoothed);
      const bandwidthShort =
        snapshot.availableOutgoingBitrateBps !== null &&
        snapshot.availableOutgoingBitrateBps < MIN_VIDEO_BITRATE_BPS;

      return {
        level,
        // A low estimate explains a weak or poor link; alone it says little, because our own
        // cap and audio only keep it low (the browser does not probe above what it sends).
        reasons: level !== 'good' && !lost && bandwidthShort ? [...reasons, 'bandwidth'] : reasons,
        path: snapshot.connection?.path ?? null,
        rttMs: lost ? interval.rttMs : smoothed.rttMs,
        receiveLossPct: rounded(smoothed.receiveLossPct),
        sendLossPct: rounded(smoothed.sendLossPct),
        jitterMs: smoothed.jitterMs,
        framesPerSecond: snapshot.framesPerSecond,
        freezes:
          snapshot.freezeCount !== null && typeof before?.freezeCount === 'number'
            ? Math.max(0, snapshot.freezeCount - before.freezeCount)
            : null,
        qualityLimitationReason: snapshot.qualityLimitationReason,
        availableOutgoingBitrateBps: snapshot.availableOutgoingBitrateBps,
      };
    },
  };
}
