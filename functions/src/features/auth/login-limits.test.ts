import { afterEach, describe, expect, it } from 'vitest';
import { signInDelays } from '#lib/rate-limits';
import { restoreEnv, stubEnv } from '#testing/env';
import { signInDelayMs, tooManySignIns } from './login-limits';

afterEach(restoreEnv);

describe('sign-in delays', () => {
  it('cost nothing for the free failures, then double from 1 s up to the cap', () => {
    stubEnv({ RATE_LIMIT_MULTIPLIER: '1' });
    const free = signInDelays.freeFailures;
    expect(signInDelayMs(free - 1)).toBe(0);
    expect([free, free + 1, free + 2, free + 3].map(signInDelayMs)).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(signInDelayMs(free + 40)).toBe(signInDelays.maxDelaySeconds * 1000);
    expect(signInDelayMs(Number.MAX_SAFE_INTEGER)).toBe(signInDelays.maxDelaySeconds * 1000);
  });

  it('start later on stacks that raise every limit', () => {
    stubEnv({ RATE_LIMIT_MULTIPLIER: '10' });
    expect(signInDelayMs(signInDelays.freeFailures)).toBe(0);
  });

  it('are answered 429 with Retry-After and the wait in words', () => {
    const error = tooManySignIns(4);
    expect(error).toMatchObject({
      status: 429,
      message: 'Too many failed sign-in attempts. Please wait 4 seconds and try again.',
      headers: { 'retry-after': '4' },
    });
    expect(tooManySignIns(1).message).toContain('wait 1 second and');
  });
});
