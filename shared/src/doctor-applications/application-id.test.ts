import { describe, expect, it } from 'vitest';
import { applicationIdSchema, formatApplicationId, normalizeApplicationId } from './application-id';

describe('application id', () => {
  it.each([
    ['APP-123', '123'],
    ['123', '123'],
    ['  app-k7qf-29xm ', 'K7QF-29XM'],
    ['APP- 42', '42'],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeApplicationId(raw)).toBe(expected);
    expect(applicationIdSchema.parse(raw)).toBe(expected);
  });

  it.each([
    ['', 'Please enter your application ID'],
    ['   ', 'Please enter your application ID'],
    ['APP-', 'Please enter your application ID'],
    ['x'.repeat(10_000), 'Please enter a valid application ID'],
    ['ÄPP-✓', 'Please enter a valid application ID'],
    ['12 34', 'Please enter a valid application ID'],
    ['../etc', 'Please enter a valid application ID'],
    ['-123', 'Please enter a valid application ID'],
  ])('rejects %j with %j', (raw, message) => {
    const result = applicationIdSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('formats with the APP- prefix', () => {
    expect(formatApplicationId('K7QF-29XM')).toBe('APP-K7QF-29XM');
  });
});
