import { describe, expect, it } from 'vitest';
import { wafRateLimits } from '../../infra/lib/capacity';
import {
  addressesNeeded,
  designPopulation,
  pageIntervals,
  rampSteps,
  shardOf,
  SIGNALS_PER_ROUND,
} from './plan';

describe('the load test plan', () => {
  it("replays the pages' own rates, and divides them by the time scale", () => {
    expect(pageIntervals()).toEqual({
      statusPushedMs: 30_000,
      statusUnpushedMs: 5_000,
      waitMs: 30_000,
      caseListMs: 30_000,
      dutyHeartbeatMs: 60_000,
      socketPingMs: 300_000,
      roomPingMs: 10_000,
      // 10 % of the rooms negotiating at 10 signals a second: one signal a second per room.
      negotiationMs: SIGNALS_PER_ROUND * 1000,
    });
    expect(pageIntervals(10).statusPushedMs).toBe(3_000);
  });

  it('takes the design population from the capacity model: a doctor per 20 waiting, a call each', () => {
    expect(designPopulation(10_000)).toEqual({ patients: 10_000, doctors: 500, calls: 500 });
  });

  it('ramps in equal steps to the target, never a call without its doctor', () => {
    expect(rampSteps({ patients: 10_000, doctors: 500, calls: 500 }, 4)).toEqual([
      { patients: 2_500, doctors: 125, calls: 125 },
      { patients: 5_000, doctors: 250, calls: 250 },
      { patients: 7_500, doctors: 375, calls: 375 },
      { patients: 10_000, doctors: 500, calls: 500 },
    ]);
    for (const step of rampSteps({ patients: 30, doctors: 3, calls: 1 }, 7)) {
      expect(step.calls).toBeLessThanOrEqual(step.doctors);
    }
    expect(() => rampSteps({ patients: 1, doctors: 1, calls: 2 }, 1)).toThrow(/doctor/);
    expect(() => rampSteps({ patients: 1, doctors: 1, calls: 1 }, 0)).toThrow(/steps/);
  });

  it('says how many addresses keep every one under the WAF per-address rate rules', () => {
    const intervals = pageIntervals();
    const limits = wafRateLimits();
    const needed = addressesNeeded(designPopulation(10_000), intervals);
    // 10,000 × (2 polls / 30 s) + 500 / 30 s ≈ 683 requests a second over 5 minutes.
    expect(needed).toBeGreaterThanOrEqual(Math.ceil((683 * limits.windowSeconds) / limits.api));
    expect(addressesNeeded({ patients: 30, doctors: 3, calls: 1 }, intervals)).toBe(1);
  });

  it('shards by stride, so call i stays with doctor i and every actor is played once', () => {
    const doctors = Array.from({ length: 10 }, (_, i) => `doctor ${i}`);
    const calls = doctors.slice(0, 4).map((doctor) => `call of ${doctor}`);
    const shards = [0, 1, 2].map((index) => ({ index, count: 3 }));
    expect(shards.flatMap((shard) => shardOf(doctors, shard)).sort()).toEqual([...doctors].sort());
    for (const shard of shards) {
      const mine = shardOf(doctors, shard);
      shardOf(calls, shard).forEach((call, i) => expect(call).toBe(`call of ${mine[i]}`));
    }
  });
});
