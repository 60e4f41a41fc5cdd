import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './waiting-room-load';

describe('retryAfterMs (the push set-up honours 503 + Retry-After like the web client)', () => {
  it('waits the seconds the header gives', () => {
    expect(retryAfterMs('5')).toBe(5_000);
    expect(retryAfterMs('0')).toBe(0);
  });

  it('waits a second when the header is missing or not a number of seconds', () => {
    expect(retryAfterMs(undefined)).toBe(1_000);
    expect(retryAfterMs('soon')).toBe(1_000);
    expect(retryAfterMs('-3')).toBe(1_000);
  });
});
