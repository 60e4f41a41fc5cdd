/**
 * Reading the room's `getStats()` reports (issue 9 item 3, issue 26 item 5): the selected
 * candidate pair's round-trip time and whether media flows directly between the two browsers or
 * through the TURN relay (`readConnection`), and the counters the call-quality meter turns into
 * per-interval figures (`readStatsSnapshot`, lib/call-quality.ts). Pure, so it is tested on
 * fake reports.
 */
export type ConnectionPath = 'direct' | 'relayed';

export interface ConnectionQuality {
  path: ConnectionPath;
  /** Round-trip time in milliseconds, when the browser has measured it. */
  rttMs: number | null;
}

type Stat = Record<string, unknown> & { id: string; type: string };

function statsOf(report: RTCStatsReport | Iterable<[string, unknown]>): Map<string, Stat> {
  const stats = new Map<string, Stat>();
  // RTCStatsReport is a maplike: iterate its [id, stat] entries.
  for (const [id, stat] of report as Iterable<[string, unknown]>) {
    if (stat && typeof stat === 'object') stats.set(id, stat as Stat);
  }
  return stats;
}

/**
 * The pair in use: the one the transport names (Chromium, Safari, Firefox ≥ 117), else a pair
 * flagged `selected` (older Firefox), else a nominated succeeded pair.
 */
function selectedPair(stats: Map<string, Stat>): Stat | undefined {
  for (const stat of stats.values()) {
    if (stat.type === 'transport' && typeof stat.selectedCandidatePairId === 'string') {
      const pair = stats.get(stat.selectedCandidatePairId);
      if (pair) return pair;
    }
  }
  const pairs = [...stats.values()].filter((stat) => stat.type === 'candidate-pair');
  return (
    pairs.find((pair) => pair.selected === true) ??
    pairs.find((pair) => pair.nominated === true && pair.state === 'succeeded')
  );
}

function candidateType(stats: Map<string, Stat>, id: unknown): unknown {
  return typeof id === 'string' ? stats.get(id)?.candidateType : undefined;
}

/** The selected pair's path and round-trip time; null before a pair is selected. */
export function readConnection(
  report: RTCStatsReport | Iterable<[string, unknown]>,
): ConnectionQuality | null {
  return connectionOf(statsOf(report));
}

function connectionOf(stats: Map<string, Stat>): ConnectionQuality | null {
  const pair = selectedPair(stats);
  if (!pair) return null;
  const relayed =
    candidateType(stats, pair.localCandidateId) === 'relay' ||
    candidateType(stats, pair.remoteCandidateId) === 'relay';
  const rtt = pair.currentRoundTripTime;
  return {
    path: relayed ? 'relayed' : 'direct',
    rttMs: typeof rtt === 'number' && Number.isFinite(rtt) ? Math.round(rtt * 1000) : null,
  };
}

/** One inbound RTP stream's running totals (they only make sense as deltas between reports). */
export interface InboundCounters {
  packetsReceived: number;
  packetsLost: number;
}

/**
 * What one report says, as the browser counts it: totals for the streams (keyed by stat id, so
 * a new peer connection's counters starting again from zero are never subtracted from the old
 * ones) and the current estimates. Every figure is null when the browser does not report it.
 */
export interface StatsSnapshot {
  /** The selected pair; null when there is none (no media path at all). */
  connection: ConnectionQuality | null;
  /** Every inbound RTP stream (audio and video): what this page receives. */
  inbound: Record<string, InboundCounters>;
  /**
   * The received audio's jitter in ms (the video's when there is no audio): the voice is what a
   * consultation cannot do without, and a video stream's jitter also counts the spread of each
   * frame's packets, which is high even on a good link.
   */
  jitterMs: number | null;
  /** The other side's latest receiver report of what we send: the worst fraction lost, 0–1. */
  sendFractionLost: number | null;
  /** The round trip from those receiver reports, in ms (when the pair has none). */
  remoteRttMs: number | null;
  /** The received video's frame rate. */
  framesPerSecond: number | null;
  /** The received video's freezes so far (Chromium counts them; a total). */
  freezeCount: number | null;
  /** Why the browser lowers the video it sends: 'none', 'bandwidth', 'cpu' or 'other'. */
  qualityLimitationReason: string | null;
  /** The browser's estimate of the bandwidth it may send with, in bits per second. */
  availableOutgoingBitrateBps: number | null;
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Milliseconds from a figure in seconds (jitter and round trips are in seconds). */
function msOf(seconds: unknown): number | null {
  const value = numberOf(seconds);
  return value === null ? null : Math.round(value * 1000);
}

function maxOf(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length ? Math.max(...known) : null;
}

/** The counters of one `getStats()` report that the quality meter compares between reports. */
export function readStatsSnapshot(
  report: RTCStatsReport | Iterable<[string, unknown]>,
): StatsSnapshot {
  const stats = statsOf(report);
  const all = [...stats.values()];
  const inboundStats = all.filter((stat) => stat.type === 'inbound-rtp');
  const inbound: Record<string, InboundCounters> = {};
  for (const stat of inboundStats) {
    const received = numberOf(stat.packetsReceived);
    if (received === null) continue;
    inbound[stat.id] = { packetsReceived: received, packetsLost: numberOf(stat.packetsLost) ?? 0 };
  }
  const audioIn = inboundStats.filter((stat) => stat.kind === 'audio');
  const videoIn = inboundStats.filter((stat) => stat.kind === 'video');
  const remoteIn = all.filter((stat) => stat.type === 'remote-inbound-rtp');
  const videoOut = all.find((stat) => stat.type === 'outbound-rtp' && stat.kind === 'video');
  const pair = selectedPair(stats);
  const limitation = videoOut?.qualityLimitationReason;
  return {
    connection: connectionOf(stats),
    inbound,
    jitterMs: maxOf((audioIn.length ? audioIn : videoIn).map((stat) => msOf(stat.jitter))),
    sendFractionLost: maxOf(remoteIn.map((stat) => numberOf(stat.fractionLost))),
    remoteRttMs: maxOf(remoteIn.map((stat) => msOf(stat.roundTripTime))),
    framesPerSecond: maxOf(videoIn.map((stat) => numberOf(stat.framesPerSecond))),
    freezeCount: maxOf(videoIn.map((stat) => numberOf(stat.freezeCount))),
    qualityLimitationReason: typeof limitation === 'string' ? limitation : null,
    availableOutgoingBitrateBps: pair ? numberOf(pair.availableOutgoingBitrate) : null,
  };
}
