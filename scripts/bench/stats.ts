import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Nearest-rank percentile of values sorted ascending (NaN when there are none). */
export function percentile(sortedValues: number[], fraction: number): number {
  if (sortedValues.length === 0) return Number.NaN;
  const index = Math.min(sortedValues.length - 1, Math.ceil(fraction * sortedValues.length) - 1);
  return sortedValues[Math.max(0, index)]!;
}

/**
 * A percentile over runs where a missing run (null: it never got there) counts as slower than
 * any measured one, so misses cannot make a figure look better: Infinity when it falls on one.
 */
export function percentileWithMisses(values: (number | null)[], fraction: number): number {
  const sorted = values.map((value) => value ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  return percentile(sorted, fraction);
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** The percentiles every load figure reports. */
export interface Spread {
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function spread(values: number[]): Spread {
  const sorted = Float64Array.from(values).sort();
  const asArray = Array.from(sorted);
  return {
    count: asArray.length,
    p50Ms: percentile(asArray, 0.5),
    p95Ms: percentile(asArray, 0.95),
    p99Ms: percentile(asArray, 0.99),
    maxMs: asArray.at(-1) ?? Number.NaN,
  };
}

/** app / raw, or NaN when the raw figure is missing (so a check cannot pass by accident). */
export function ratio(app: number, raw: number): number {
  return raw > 0 && Number.isFinite(raw) && Number.isFinite(app) ? app / raw : Number.NaN;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
export const perSecond = (value: number) =>
  Number.isFinite(value) ? `${value.toFixed(0)} req/s` : 'n/a';
export const fixed2 = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');

/** Prints rows as an aligned plain-text table. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

/** The sampling timer of {@link watchEventLoop}; Node's histogram counts it in every delay. */
const LOOP_RESOLUTION_MS = 10;

/**
 * Starts watching how late this process's event loop runs; the returned function stops and
 * says it ("p50 …, p99 …, max … late"), the timer's own period taken out.
 */
export function watchEventLoop(): () => string {
  const histogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  histogram.enable();
  const late = (nanoseconds: number) => ms(Math.max(0, nanoseconds / 1e6 - LOOP_RESOLUTION_MS));
  return () => {
    histogram.disable();
    return `p50 ${late(histogram.percentile(50))}, p99 ${late(histogram.percentile(99))}, max ${late(histogram.max)} late`;
  };
}
