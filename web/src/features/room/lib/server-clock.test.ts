import { describe, expect, it } from 'vitest';
import { clockOffsetMs, formatCountdown, isEndingSoon, msLeft } from './server-clock';

describe('clockOffsetMs', () => {
  it('compares the server time with the midpoint of the round trip', () => {
    const sent = Date.parse('2026-11-26T10:00:00.000Z');
    // The device is 5 s behind the server; the request took 400 ms.
    expect(clockOffsetMs('2026-11-26T10:00:05.200Z', sent, sent + 400)).toBe(5000);
    // The device is 3 s ahead.
    expect(clockOffsetMs('2026-11-26T09:59:57.100Z', sent, sent + 200)).toBe(-3000);
  });

  it('is 0 for an unreadable server time', () => {
    expect(clockOffsetMs('not a time', 0, 10)).toBe(0);
  });
});

describe('msLeft', () => {
  const endsAt = '2026-11-26T10:15:00.000Z';
  const now = Date.parse('2026-11-26T10:10:00.000Z');

  it('counts to endsAt on the server clock', () => {
    expect(msLeft(endsAt, now, 0)).toBe(5 * 60_000);
    // The server is 10 s ahead of the device: 10 s less are left.
    expect(msLeft(endsAt, now, 10_000)).toBe(5 * 60_000 - 10_000);
  });

  it('never goes below 0', () => {
    expect(msLeft(endsAt, now + 6 * 60_000, 0)).toBe(0);
    expect(msLeft('garbage', now, 0)).toBe(0);
  });
});

describe('formatCountdown', () => {
  it.each([
    [15 * 60_000, '15:00'],
    [61_000, '01:01'],
    [60_500, '01:01'],
    [999, '00:01'],
    [0, '00:00'],
    [-5, '00:00'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('isEndingSoon', () => {
  it('is true in the last two minutes only', () => {
    expect(isEndingSoon(120_001)).toBe(false);
    expect(isEndingSoon(120_000)).toBe(true);
    expect(isEndingSoon(1)).toBe(true);
    expect(isEndingSoon(0)).toBe(false);
  });
});
