import { describe, expect, it } from 'vitest';
import { mergeRounds } from './closed-loop';
import type { LoadFigures } from './jobs';

const round = (latencies: number[], seconds: number, errors = 0): LoadFigures => ({
  name: 'raw Query',
  concurrency: 16,
  requests: latencies.length,
  errors,
  throughputPerSecond: latencies.length / seconds,
  count: latencies.length,
  p50Ms: Number.NaN,
  p95Ms: Number.NaN,
  p99Ms: Number.NaN,
  maxMs: Number.NaN,
  samples: { latencies: Float64Array.from(latencies), seconds },
});

describe('mergeRounds', () => {
  it('takes the percentiles over every round’s latencies and the throughput over their spans', () => {
    const merged = mergeRounds([round([1, 2, 3], 1), round([10, 20, 30, 40, 50, 60, 70], 3, 2)]);
    expect(merged).toMatchObject({
      name: 'raw Query',
      concurrency: 16,
      requests: 10,
      errors: 2,
      throughputPerSecond: 2.5,
      p50Ms: 20,
      maxMs: 70,
    });
  });
});
