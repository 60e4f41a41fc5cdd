import { describe, expect, it } from 'vitest';
import { settleWithLimit } from './concurrency';

describe('settleWithLimit', () => {
  it('never runs more than the limit at once and keeps results in item order', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const results = await settleWithLimit([5, 1, 4, 2, 3, 0], 2, async (n) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      // Yield a varying number of turns so tasks finish out of order.
      for (let turn = 0; turn < n; turn += 1) await Promise.resolve();
      running -= 1;
      if (n === 4) throw new Error('four');
      return n * 10;
    });
    expect(mostAtOnce).toBe(2);
    expect(
      results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed')),
    ).toEqual([50, 10, 'failed', 20, 30, 0]);
  });

  it('settles an empty list at once', async () => {
    await expect(settleWithLimit([], 4, () => Promise.resolve(1))).resolves.toEqual([]);
  });
});
