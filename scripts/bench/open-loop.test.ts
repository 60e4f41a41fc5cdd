import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSchedule, dueUntil, jitteredPlan, runSchedule, splitByShare } from './open-loop';

describe('splitByShare', () => {
  const mix = [
    { page: 'visit', share: 0.6 },
    { page: 'processing', share: 0.2 },
    { page: 'verification', share: 0.2 },
  ] as const;

  it('splits 60/20/20 exactly when the total allows it', () => {
    expect(splitByShare(1000, mix)).toEqual([
      { page: 'visit', count: 600 },
      { page: 'processing', count: 200 },
      { page: 'verification', count: 200 },
    ]);
  });

  it('gives the remainder to the largest fractions, so the counts add up to the total', () => {
    // 4.2, 1.4, 1.4: the floors make 6, and the one left goes to the first 0.4.
    const counts = splitByShare(7, mix);
    expect(counts.reduce((sum, { count }) => sum + count, 0)).toBe(7);
    expect(counts.map(({ count }) => count)).toEqual([4, 2, 1]);
  });
});

describe('jitteredPlan', () => {
  it('starts within the first interval, at the random fraction of it', () => {
    expect(jitteredPlan(5000, () => 0)).toEqual({ intervalMs: 5000, firstAtMs: 0 });
    expect(jitteredPlan(5000, () => 0.5)).toEqual({ intervalMs: 5000, firstAtMs: 2500 });
  });
});

describe('buildSchedule', () => {
  it('lists every send due in the window, in time order, whatever the previous answers', () => {
    const schedule = buildSchedule(
      [
        { intervalMs: 1000, firstAtMs: 300 },
        { intervalMs: 2000, firstAtMs: 0 },
      ],
      0,
      3000,
    );
    expect(Array.from(schedule.atMs)).toEqual([0, 300, 1300, 2000, 2300]);
    expect(Array.from(schedule.patient)).toEqual([1, 0, 0, 1, 0]);
  });

  it('skips the sends before the window start', () => {
    const schedule = buildSchedule([{ intervalMs: 1000, firstAtMs: 250 }], 2000, 4000);
    expect(Array.from(schedule.atMs)).toEqual([2250, 3250]);
  });

  it('gives each patient exactly one send in any window one interval long', () => {
    const plans = [0.01, 0.4, 0.99].map((fraction) => jitteredPlan(30_000, () => fraction));
    const schedule = buildSchedule(plans, 5_000, 35_000);
    expect(Array.from(schedule.patient).sort()).toEqual([0, 1, 2]);
  });
});

describe('dueUntil', () => {
  it('moves past every send due by the elapsed time, and no further', () => {
    const schedule = buildSchedule([{ intervalMs: 100, firstAtMs: 0 }], 0, 500);
    expect(dueUntil(schedule, 0, 250)).toBe(3);
    expect(dueUntil(schedule, 3, 250)).toBe(3);
    expect(dueUntil(schedule, 3, 1000)).toBe(5);
  });
});

describe('runSchedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires each send at its due time with that time, late ones at once', async () => {
    vi.useFakeTimers();
    let clock = 1000;
    const now = () => clock;
    const schedule = buildSchedule(
      [
        { intervalMs: 50, firstAtMs: 0 },
        { intervalMs: 70, firstAtMs: 10 },
      ],
      0,
      120,
    );
    const fired: { patient: number; dueAt: number; firedAt: number }[] = [];
    const done = runSchedule(
      schedule,
      1000,
      (patient, dueAt) => fired.push({ patient, dueAt, firedAt: clock }),
      now,
    );
    // The first send is due at once; the next timer waits for the second (due at +10 ms).
    expect(fired).toEqual([{ patient: 0, dueAt: 1000, firedAt: 1000 }]);
    // The load process fell 45 ms behind: everything due by then fires together, on time stamps.
    clock = 1055;
    await vi.advanceTimersToNextTimerAsync();
    expect(fired.slice(1)).toEqual([
      { patient: 1, dueAt: 1010, firedAt: 1055 },
      { patient: 0, dueAt: 1050, firedAt: 1055 },
    ]);
    clock = 1200;
    await vi.runAllTimersAsync();
    await done;
    expect(fired.map(({ dueAt }) => dueAt)).toEqual([1000, 1010, 1050, 1080, 1100]);
  });
});
