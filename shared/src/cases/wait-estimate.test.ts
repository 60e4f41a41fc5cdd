import { describe, expect, it } from 'vitest';
import { estimateWait, withinEstimate } from './wait-estimate';

const medians = { medianConsultationMinutes: 15, medianClaimDelayMinutes: 2 };

describe('estimateWait', () => {
  it('gives no number when no doctor is on duty', () => {
    expect(estimateWait({ aheadInQueue: 0, doctorsOnDuty: 0, ...medians })).toBeNull();
  });

  it('puts the next in line within about half a cycle of the claim delay', () => {
    expect(estimateWait({ aheadInQueue: 0, doctorsOnDuty: 1, ...medians })).toEqual({
      lowMinutes: 0,
      highMinutes: 11,
    });
  });

  it('shares the queue ahead among the doctors on duty', () => {
    const one = estimateWait({ aheadInQueue: 4, doctorsOnDuty: 1, ...medians })!;
    const four = estimateWait({ aheadInQueue: 4, doctorsOnDuty: 4, ...medians })!;
    expect(one).toEqual({ lowMinutes: 61, highMinutes: 79 });
    expect(four).toEqual({ lowMinutes: 10, highMinutes: 28 });
  });

  it('grows with the place in the queue', () => {
    const places = [0, 1, 2, 3].map(
      (ahead) => estimateWait({ aheadInQueue: ahead, doctorsOnDuty: 2, ...medians })!.highMinutes,
    );
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(new Set(places).size).toBe(places.length);
  });
});

describe('withinEstimate', () => {
  it('counts a start up to 3 minutes outside the range', () => {
    const estimate = { lowMinutes: 10, highMinutes: 20 };
    expect(withinEstimate(estimate, 7)).toBe(true);
    expect(withinEstimate(estimate, 23)).toBe(true);
    expect(withinEstimate(estimate, 6.5)).toBe(false);
    expect(withinEstimate(estimate, 23.5)).toBe(false);
  });
});
