import { describe, expect, it } from 'vitest';
import { runSimulatedDay } from './simulated-day';

/**
 * docs/capacity.md and docs/performance.md quote seed 28's day. The day is deterministic, so a
 * change to the log, the queue or the product's rules that moves these figures must update the
 * documents with it.
 */
describe('the simulated day the documents quote (seed 28)', () => {
  const day = runSimulatedDay(28);

  it('loses 39¢ on each refund before and nothing after', () => {
    expect(day.money.before).toMatchObject({
      cases: 382,
      payments: 382,
      seen: 336,
      neverSeen: 46,
      feesOnSeenCents: 13_104,
      feesLostOnNeverSeenCents: 36 * 39,
      chargedNeverSeen: 10,
    });
    expect(day.money.after).toMatchObject({
      cases: 382,
      payments: 384,
      seen: 339,
      neverSeen: 43,
      feesOnSeenCents: 13_221,
      feesLostOnNeverSeenCents: 0,
      chargedNeverSeen: 0,
    });
  });

  it('judges the estimates as documented, with both claim delay definitions', () => {
    expect(day.accuracy).toMatchObject({ judged: 352, within: 268, withoutEstimate: 7 });
    expect(day.proposedAccuracy).toMatchObject({ judged: 352, within: 348 });
  });
});
