import { describe, expect, it } from 'vitest';
import { closedLoop, mergeRounds } from './closed-loop';
import type { LoadFigures } from './jobs';

const round = (latencies: number[], seconds: number, errors = 0): LoadFigures => ({
  name: 'raw Query',
  concurrency: 16,
  requests: latencies.length,
  errors,
  throughputPerSecond: (latencies.length - errors) / seconds,
  count: latencies.length,
  p50Ms: Number.NaN,
  p95Ms: Number.NaN,
  p99Ms: Number.NaN,
  maxMs: Number.NaN,
  samples: { latencies: Float64Array.from(latencies), seconds },
});

describe('mergeRounds', () => {
  it('takes the percentiles over every round’s latencies and the successes over their spans', () => {
    const merged = mergeRounds([round([1, 2, 3], 1), round([10, 20, 30, 40, 50, 60, 70], 3, 2)]);
    expect(merged).toMatchObject({
      name: 'raw Query',
      concurrency: 16,
      requests: 10,
      errors: 2,
      // 8 successes (10 answers, 2 of them errors) in 4 s: a fast error is not throughput.
      throughputPerSecond: 2,
      p50Ms: 20,
      maxMs: 70,
    });
  });
});

describe('closedLoop', () => {
  it('counts a failed answer in the latencies but not in the throughput', async () => {
    let sent = 0;
    const everyOtherFails = () => {
      sent += 1;
      return Promise.resolve(sent % 2 === 0);
    };
    const figures = await closedLoop('alternating', everyOtherFails, {
      concurrency: 2,
      warmupMs: 0,
      measureMs: 20,
    });
    expect(figures.errors).toBeGreaterThan(0);
    expect(figures.count).toBe(figures.requests);
    expect(figures.throughputPerSecond * figures.samples!.seconds).toBeCloseTo(
      figures.requests - figures.errors,
    );
  });
});
