import { describe, expect, it } from 'vitest';
import { comparisonSchedule } from './api-load';

describe('comparisonSchedule', () => {
  const schedule = comparisonSchedule(4, 3, [2, 3]);

  it('warms every target up once, unmeasured, before any measured loop', () => {
    expect(schedule.slice(0, 4)).toEqual(
      [0, 1, 2, 3].map((target) => ({ target, measured: false })),
    );
    expect(schedule.slice(4).every((step) => step.measured)).toBe(true);
  });

  it('measures every target once a round', () => {
    const rounds = [0, 1, 2].map((round) => schedule.slice(4 + round * 4, 8 + round * 4));
    for (const round of rounds) {
      expect(round.map((step) => step.target).sort()).toEqual([0, 1, 2, 3]);
    }
  });

  it('swaps the pair every other round, so neither side always runs second', () => {
    const order = (round: number) =>
      schedule.slice(4 + round * 4, 8 + round * 4).map((step) => step.target);
    expect(order(0)).toEqual([0, 1, 2, 3]);
    expect(order(1)).toEqual([0, 1, 3, 2]);
    expect(order(2)).toEqual([0, 1, 2, 3]);
  });
});
