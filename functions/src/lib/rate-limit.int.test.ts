import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestStack } from '#local/testing/stack-context';
import { HttpError } from '../core/errors';
import {
  consumeRateLimit,
  enforceRateLimit,
  setLimiterClock,
  type RateLimitRule,
} from './rate-limit';

/**
 * The limiter against DynamoDB Local: what a caller sees of its fixed windows. The times are
 * passed in, so no window rolls over mid-test. (Every policy of `rate-limits.ts` through its
 * routes: `rate-limits.int.test.ts`.)
 */
useTestStack();

/** A bucket of its own per test, so runs and tests never share a counter. */
const ruleFor = (limit: number): RateLimitRule => ({
  bucket: `limiter-test-${randomUUID()}`,
  subject: '203.0.113.7',
  limit,
  windowSeconds: 60,
});
/** Half a minute into a window that starts on the hour. */
const NOW = Date.UTC(2031, 0, 1, 9, 0, 30);

describe('rate limit', () => {
  it('counts the calls of one subject in a fixed window, and starts again in the next', async () => {
    const rule = ruleFor(10);
    expect(await consumeRateLimit(rule, NOW)).toEqual({
      allowed: true,
      count: 1,
      retryAfterSeconds: 30,
    });
    expect(await consumeRateLimit(rule, NOW + 20_000)).toEqual({
      allowed: true,
      count: 2,
      retryAfterSeconds: 10,
    });
    // Another subject has its own count; the next window starts from one.
    expect((await consumeRateLimit({ ...rule, subject: '203.0.113.8' }, NOW)).count).toBe(1);
    expect((await consumeRateLimit(rule, NOW + 30_000)).count).toBe(1);
  });

  it('allows the 10th call and refuses the 11th with 429 and Retry-After', async () => {
    const rule = ruleFor(10);
    for (let call = 1; call <= 9; call += 1) await consumeRateLimit(rule, NOW);
    await expect(enforceRateLimit(rule, NOW)).resolves.toBeUndefined();
    const refusal = await enforceRateLimit(rule, NOW).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(429);
    expect((refusal as HttpError).headers['retry-after']).toBe('30');
  });

  it('counts every call of a burst at once, none lost', async () => {
    const rule = ruleFor(100);
    await Promise.all(Array.from({ length: 20 }, () => consumeRateLimit(rule, NOW)));
    expect((await consumeRateLimit(rule, NOW)).count).toBe(21);
  });

  it('runs on the clock a test sets when no time is passed, and on the real one after', async () => {
    const rule = ruleFor(10);
    setLimiterClock(() => Date.UTC(2031, 0, 1, 9, 0, 45));
    try {
      expect(await consumeRateLimit(rule)).toMatchObject({ count: 1, retryAfterSeconds: 15 });
      expect((await consumeRateLimit(rule, NOW)).count).toBe(2);
    } finally {
      setLimiterClock(undefined);
    }
    // Years before the set clock's window: a window of its own.
    expect((await consumeRateLimit(rule)).count).toBe(1);
  });
});
