import { describe, expect, it } from 'vitest';
import { atExpression } from './scheduler';

describe('one-time schedule expression', () => {
  it('rounds up to the next whole second so the target never runs early', () => {
    expect(atExpression(new Date('2026-11-25T12:00:05.000Z'))).toBe('at(2026-11-25T12:00:05)');
    expect(atExpression(new Date('2026-11-25T12:00:05.001Z'))).toBe('at(2026-11-25T12:00:06)');
    expect(atExpression(new Date('2026-11-25T23:59:59.700Z'))).toBe('at(2026-11-26T00:00:00)');
  });
});
