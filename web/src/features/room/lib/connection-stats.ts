/**
 * The connection indicator of the room (issue 9 item 3): from a `getStats()` report, the
 * selected candidate pair's round-trip time and whether media flows directly between the two
 * browsers or through the TURN relay. Pure, so it is tested on fake reports.
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
  const stats = statsOf(report);
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
