import { describe, expect, it } from 'vitest';
import { ms, percentile, percentileWithMisses, ratio, spread } from './stats';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('counts a missing run as slower than every measured one', () => {
    const runs = [300, null, 100, 200];
    expect(percentileWithMisses(runs, 0.5)).toBe(200);
    expect(percentileWithMisses(runs, 0.75)).toBe(300);
    expect(percentileWithMisses(runs, 0.95)).toBe(Number.POSITIVE_INFINITY);
  });

  it('sorts before it summarizes', () => {
    const values = Array.from({ length: 200 }, (_, i) => 200 - i);
    expect(spread(values)).toEqual({ count: 200, p50Ms: 100, p95Ms: 190, p99Ms: 198, maxMs: 200 });
    expect(spread([]).p99Ms).toBeNaN();
  });

  it('gives a ratio only when the baseline was measured', () => {
    expect(ratio(900, 1000)).toBeCloseTo(0.9);
    expect(ratio(900, 0)).toBeNaN();
    expect(ratio(Number.NaN, 1000)).toBeNaN();
    expect(ms(Number.NaN)).toBe('n/a');
  });
});
