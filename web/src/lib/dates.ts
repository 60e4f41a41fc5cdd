/** Dates are shown in en-US format (spec doc 1 §9, doc 2 §8). */

export const DATE_NOT_AVAILABLE = 'Not available';
export const INVALID_DATE = 'Invalid date';

export type DateInput = string | number | Date | null | undefined;

const DATE_STYLE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const DATE_TIME_STYLE: Intl.DateTimeFormatOptions = {
  ...DATE_STYLE,
  hour: 'numeric',
  minute: '2-digit',
};

function format(value: DateInput, style: Intl.DateTimeFormatOptions): string {
  if (value === null || value === undefined || value === '') return DATE_NOT_AVAILABLE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return INVALID_DATE;
  return new Intl.DateTimeFormat('en-US', style).format(date);
}

/** `January 5, 2025`; missing → 'Not available'; unparsable → 'Invalid date'. */
export function formatDate(value: DateInput, options: Intl.DateTimeFormatOptions = {}): string {
  return format(value, { ...DATE_STYLE, ...options });
}

/** `January 5, 2025 at 3:04 PM`; missing → 'Not available'; unparsable → 'Invalid date'. */
export function formatDateTime(value: DateInput, options: Intl.DateTimeFormatOptions = {}): string {
  return format(value, { ...DATE_TIME_STYLE, ...options });
}
