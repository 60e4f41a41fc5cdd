import { spread } from '../bench/stats';

/**
 * The figures of one step of the load test: every attempt of every kind of traffic, its
 * outcome and its latency. An outcome is `ok` or the error's name: the HTTP status (`503`,
 * `429`), a network error's code (`ECONNREFUSED`), `timeout`, or what went wrong on a socket
 * (`refused 401`, `lost`, `SIGNAL_REFUSED`).
 */

/** What the load test sends, by the page that sends it. */
export const trafficKinds = [
  // The waiting room (the visit page).
  'status poll',
  'wait poll',
  'case ticket',
  'patient socket',
  'patient ping',
  // The dashboards.
  'doctor sign-in',
  'case list poll',
  'alert ticket',
  'alert socket',
  'duty heartbeat',
  'alert ping',
  // The calls.
  'call set-up',
  'room socket',
  'room ping',
  'room signal',
] as const;
export type TrafficKind = (typeof trafficKinds)[number];

export const OK = 'ok';

interface KindTally {
  latencies: number[];
  outcomes: Map<string, number>;
  dropped: number;
}

/** One kind's figures in a step. */
export interface KindFigures {
  kind: TrafficKind;
  /** Attempts recorded in the step (requests sent, sockets opened, signals sent). */
  sent: number;
  ok: number;
  /** Failed attempts by outcome (status, error code, `timeout`, …). */
  errors: Record<string, number>;
  /** Sockets of this kind that closed while the test still used them. */
  dropped: number;
  offeredPerSecond: number;
  servedPerSecond: number;
  /** Latency of every attempt (timeouts count at the timeout), ms. */
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

export class StepRecorder {
  private readonly tallies = new Map<TrafficKind, KindTally>();

  private tally(kind: TrafficKind): KindTally {
    let found = this.tallies.get(kind);
    if (!found) {
      found = { latencies: [], outcomes: new Map(), dropped: 0 };
      this.tallies.set(kind, found);
    }
    return found;
  }

  /** One attempt and how it ended; `latencyMs` from when it was due (NaN: none to report). */
  record(kind: TrafficKind, outcome: string, latencyMs: number): void {
    const tally = this.tally(kind);
    tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
    if (Number.isFinite(latencyMs)) tally.latencies.push(latencyMs);
  }

  /** A socket of this kind closed under the test (not by it). */
  dropped(kind: TrafficKind): void {
    this.tally(kind).dropped += 1;
  }

  /** The figures of every kind seen, in `trafficKinds` order, rates over `secondsOf(kind)`. */
  figures(secondsOf: (kind: TrafficKind) => number): KindFigures[] {
    return trafficKinds.flatMap((kind) => {
      const tally = this.tallies.get(kind);
      if (!tally) return [];
      const sent = [...tally.outcomes.values()].reduce((sum, count) => sum + count, 0);
      const ok = tally.outcomes.get(OK) ?? 0;
      const errors = Object.fromEntries([...tally.outcomes].filter(([outcome]) => outcome !== OK));
      const { p50Ms, p95Ms, p99Ms } = spread(tally.latencies);
      return [
        {
          kind,
          sent,
          ok,
          errors,
          dropped: tally.dropped,
          offeredPerSecond: sent / secondsOf(kind),
          servedPerSecond: ok / secondsOf(kind),
          p50Ms,
          p95Ms,
          p99Ms,
        },
      ];
    });
  }
}

/** When the ramp stops: thresholds any step may cross. */
export interface StopThresholds {
  /** Failed attempts and dropped sockets over all attempts of a step (0.01: 1 %). */
  maxErrorRate: number;
  /** The p99 latency of any kind in a step, ms. */
  maxP99Ms: number;
}

export type StopReason = 'error-rate' | 'p99';

/** Failed attempts and dropped sockets over all attempts of the step (0 when none). */
export function errorRate(kinds: readonly KindFigures[]): number {
  const sent = kinds.reduce((sum, kind) => sum + kind.sent, 0);
  const failed = kinds.reduce((sum, kind) => sum + kind.sent - kind.ok + kind.dropped, 0);
  return sent === 0 ? 0 : failed / sent;
}

/**
 * Why the ramp must stop after this step, or null to go on: too many errors (the first 5xx or
 * 429 storm, refused sockets, lost signals), or some kind's p99 over the threshold. A step that
 * sent nothing at all is an error too: the test measured nothing.
 */
export function stopReason(
  kinds: readonly KindFigures[],
  thresholds: StopThresholds,
): { reason: StopReason; detail: string } | null {
  const rate = errorRate(kinds);
  if (kinds.length === 0) return { reason: 'error-rate', detail: 'nothing was sent' };
  if (rate > thresholds.maxErrorRate) {
    const worst = kinds
      .filter((kind) => kind.sent > kind.ok || kind.dropped > 0)
      .map((kind) => {
        const errors = Object.entries(kind.errors).map(
          ([outcome, count]) => `${count}× ${outcome}`,
        );
        if (kind.dropped > 0) errors.push(`${kind.dropped} dropped`);
        return `${kind.kind}: ${errors.join(', ')}`;
      });
    return {
      reason: 'error-rate',
      detail: `error rate ${(rate * 100).toFixed(2)} % > ${(thresholds.maxErrorRate * 100).toFixed(2)} % (${worst.join('; ')})`,
    };
  }
  const slow = kinds.filter((kind) => kind.p99Ms > thresholds.maxP99Ms);
  if (slow.length > 0) {
    return {
      reason: 'p99',
      detail: slow
        .map((kind) => `${kind.kind} p99 ${kind.p99Ms.toFixed(0)} ms > ${thresholds.maxP99Ms} ms`)
        .join('; '),
    };
  }
  return null;
}
