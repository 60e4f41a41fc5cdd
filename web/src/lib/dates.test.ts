import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('formatDate', () => {
  it('formats in en-US', () => {
    expect(formatDate('2025-01-05T15:04:00Z', { timeZone: 'UTC' })).toBe('January 5, 2025');
    expect(formatDate(new Date(Date.UTC(2024, 11, 31, 12)), { timeZone: 'UTC' })).toBe(
      'December 31, 2024',
    );
    expect(formatDate(0, { timeZone: 'UTC' })).toBe('January 1, 1970');
  });

  it.each([null, undefined, ''])('shows "Not available" for %j', (value) => {
    expect(formatDate(value)).toBe('Not available');
    expect(formatDateTime(value)).toBe('Not available');
  });

  it.each(['not a date', '2025-13-45', new Date(Number.NaN), Number.NaN])(
    'shows "Invalid date" for %j',
    (value) => {
      expect(formatDate(value)).toBe('Invalid date');
      expect(formatDateTime(value)).toBe('Invalid date');
    },
  );

  it('accepts format overrides', () => {
    expect(formatDate('2025-01-05T12:00:00Z', { month: 'short', timeZone: 'UTC' })).toBe(
      'Jan 5, 2025',
    );
  });
});

describe('formatDateTime', () => {
  it('adds the time in en-US', () => {
    expect(formatDateTime('2025-01-05T15:04:00Z', { timeZone: 'UTC' })).toBe(
      'January 5, 2025 at 3:04 PM',
    );
  });
});
