import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * How long each test file took in a run of the whole suite, so the next run can start the long
 * files first and split a suite into parts of about equal length (local/testing/duration-
 * sequencer.ts). A fresh clone has no Vitest cache, so Vitest would order the files by size, and
 * split them into shards by a hash of their paths: a 110-second file and a 40-second one fell
 * into one of the two end-to-end parts, which took 271 s while the other took 257 s with half
 * the work. The table is `test-durations.json` at the root, written by `npm run test:durations`
 * from what the last `npm test` measured (local/testing/durations-reporter.ts); the way
 * pytest-split and Knapsack keep theirs.
 */

/** Seconds per test file, per Vitest project; files keyed by their path from the root. */
export type TestDurations = Record<string, Record<string, number>>;

export const TEST_DURATIONS_FILE = 'test-durations.json';

/** What local/testing/durations-reporter.ts writes into `.test-results/`, one file per run. */
export const DURATIONS_REPORT_PREFIX = 'durations-';

/** The table at `root`; none (every file unknown) when it is missing or unreadable. */
export function readTestDurations(root: string): TestDurations {
  try {
    return JSON.parse(readFileSync(path.join(root, TEST_DURATIONS_FILE), 'utf8')) as TestDurations;
  } catch {
    return {};
  }
}

/** A file the table does not know yet (new or renamed) counts as one of median length. */
function median(values: number[]): number {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The expected seconds of each of `files` (paths from the root) from a project's record. */
export function expectedSeconds(
  files: readonly string[],
  recorded: Record<string, number> = {},
): Map<string, number> {
  const unknown = median(Object.values(recorded));
  return new Map(files.map((file) => [file, recorded[file] ?? unknown]));
}

/** Longest first; equal ones by path, so every process that asks gets the same order. */
export function longestFirst(files: readonly string[], expected: Map<string, number>): string[] {
  return [...files].sort(
    (a, b) => (expected.get(b) ?? 0) - (expected.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0),
  );
}

/**
 * Part `index` (1-based) of `count`: the files longest first, each put into the part with the
 * least expected time so far. Deterministic, so the processes that each run one part split alike.
 */
export function balancedPart(
  files: readonly string[],
  expected: Map<string, number>,
  index: number,
  count: number,
): string[] {
  const parts = Array.from({ length: count }, () => ({ seconds: 0, files: [] as string[] }));
  for (const file of longestFirst(files, expected)) {
    const shortest = parts.reduce((least, part) => (part.seconds < least.seconds ? part : least));
    shortest.seconds += expected.get(file) ?? 0;
    shortest.files.push(file);
  }
  return parts[index - 1]?.files ?? [];
}
