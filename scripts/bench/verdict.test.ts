import { describe, expect, it } from 'vitest';
import { atLeast, atMost, formatValue, holds, notMeasured, Verdict } from './verdict';

describe('goal checks', () => {
  it('prints a miss of an upper bound with the gap over it', () => {
    expect(atMost('landing first-load JS', 131.8 * 1024, 100 * 1024, 'KB')).toEqual({
      ok: false,
      line: 'landing first-load JS 131.8 KB, goal ≤ 100.0 KB, 31.8 KB over',
    });
    expect(atMost('past capacity: timeouts', 12, 0, 'count').line).toBe(
      'past capacity: timeouts 12, goal ≤ 0, 12 over',
    );
  });

  it('prints a miss of a lower bound with the gap short of it', () => {
    expect(atLeast('Lighthouse /', 0.77, 0.95, 'score')).toEqual({
      ok: false,
      line: 'Lighthouse / 0.77, goal ≥ 0.95, 0.18 short',
    });
  });

  it('meets a goal at exactly its bound', () => {
    expect(atMost('handler import', 60, 60, 'ms')).toEqual({
      ok: true,
      line: 'handler import 60.0 ms, goal ≤ 60.0 ms: met',
    });
    expect(atLeast('ratio', 0.9, 0.9, 'ratio').ok).toBe(true);
  });

  it('never meets a goal it could not measure', () => {
    expect(atLeast('status API / raw Query', Number.NaN, 0.9, 'ratio')).toEqual({
      ok: false,
      line: 'status API / raw Query not measured, goal ≥ 0.90',
    });
    expect(atMost('p99', Number.NaN, 100, 'ms').ok).toBe(false);
    expect(notMeasured('waiting room with push', 'push not available')).toEqual({
      ok: false,
      line: 'waiting room with push not measured: push not available',
    });
  });

  it('words goals without a number', () => {
    expect(holds('503 with Retry-After', false, '3 of 40 without')).toEqual({
      ok: false,
      line: '503 with Retry-After: missed (3 of 40 without)',
    });
    expect(holds('503 with Retry-After', true, 'unused').line).toBe('503 with Retry-After: met');
  });

  it('formats each unit as the report prints it', () => {
    expect(formatValue(2.04, 'per minute')).toBe('2.0/min');
    expect(formatValue(12.345, 'ms')).toBe('12.3 ms');
    expect(formatValue(1404, 'cents')).toBe('$14.04');
    expect(formatValue(0.8125, 'share')).toBe('81.3 %');
  });
});

describe('Verdict', () => {
  it('collects the misses and marks each row', () => {
    const verdict = new Verdict();
    expect(verdict.add(atMost('a', 1, 2, 'count'))).toBe('met');
    expect(verdict.add(atMost('b', 3, 2, 'count'))).toBe('MISSED');
    expect(verdict.misses.map((check) => check.line)).toEqual(['b 3, goal ≤ 2, 1 over']);
  });
});
