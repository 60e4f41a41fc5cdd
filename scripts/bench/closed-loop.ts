import type { LoadFigures } from './jobs';
import { spread } from './stats';

/**
 * A closed loop: `concurrency` clients, each sending its next request when the previous one is
 * answered, for a warm-up (not counted: connections, JIT, DynamoDB Local's caches) and then for
 * `measureMs`. Throughput is the successful answers the server sustains at that concurrency (a
 * quick refusal or error is not served work: counting it would let a server that sheds load score
 * above one that answers); latency is per request, errors included.
 */
export async function closedLoop(
  name: string,
  send: () => Promise<boolean>,
  {
    concurrency,
    warmupMs,
    measureMs,
  }: { concurrency: number; warmupMs: number; measureMs: number },
): Promise<LoadFigures> {
  const started = performance.now();
  const measureFrom = started + warmupMs;
  const measureUntil = measureFrom + measureMs;
  const latencies: number[] = [];
  let errors = 0;
  let lastEnd = measureFrom;
  const client = async () => {
    for (;;) {
      const sentAt = performance.now();
      if (sentAt >= measureUntil) return;
      const ok = await send().catch(() => false);
      const endedAt = performance.now();
      if (sentAt < measureFrom) continue;
      latencies.push(endedAt - sentAt);
      if (!ok) errors += 1;
      lastEnd = Math.max(lastEnd, endedAt);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (lastEnd - measureFrom) / 1000;
  return {
    name,
    concurrency,
    requests: latencies.length,
    errors,
    throughputPerSecond: (latencies.length - errors) / seconds,
    ...spread(latencies),
    samples: { latencies: Float64Array.from(latencies), seconds },
  };
}

/** Rounds of one figure as one: all their latencies, their successes over their summed spans. */
export function mergeRounds(rounds: LoadFigures[]): LoadFigures {
  const latencies = rounds.flatMap((round) => Array.from(round.samples?.latencies ?? []));
  const seconds = rounds.reduce((sum, round) => sum + (round.samples?.seconds ?? 0), 0);
  const errors = rounds.reduce((sum, round) => sum + round.errors, 0);
  return {
    name: rounds[0]?.name ?? '',
    concurrency: rounds[0]?.concurrency ?? 0,
    requests: latencies.length,
    errors,
    throughputPerSecond: (latencies.length - errors) / seconds,
    ...spread(latencies),
  };
}
