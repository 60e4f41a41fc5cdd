import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CommandRun } from './staged-assets';

/**
 * Set by `npm test` (scripts/test.ts): a directory outside the repository where the infra
 * suite's two bundling synths (infra/test/bundling-synths.ts) are written and kept after the
 * suite ends, so a later suite reads the same output instead of bundling every handler again
 * (local/testing/events-replay.int.test.ts reads the sam-local one). Unset, each suite
 * synthesizes for itself and removes what it wrote.
 */
export const KEPT_SYNTHS_DIR = 'TEST_KEPT_SYNTHS_DIR';

export type BundlingSynthName = 'samLocal' | 'prod';

/** Where a synth writes, and the file that says it ended (its `CommandRun`, as JSON). */
export interface BundlingSynthJob {
  readonly outDir: string;
  readonly metafileDir: string;
  readonly endedFile: string;
}

/** The files of a synth whose directory is `root`. */
export function synthJobIn(root: string): BundlingSynthJob {
  return {
    outDir: path.join(root, 'cdk.out'),
    metafileDir: path.join(root, 'metafiles'),
    endedFile: path.join(root, 'ended.json'),
  };
}

/** The directory of a kept synth, or undefined when `npm test` keeps none. */
export function keptSynthRoot(name: BundlingSynthName): string | undefined {
  const dir = process.env[KEPT_SYNTHS_DIR];
  return dir ? path.join(dir, name) : undefined;
}

/** The kept synth `name` if one ended and succeeded; otherwise undefined (synthesize anew). */
export function keptSynth(
  name: BundlingSynthName,
): (BundlingSynthJob & { run: CommandRun }) | undefined {
  const root = keptSynthRoot(name);
  if (!root) return undefined;
  const job = synthJobIn(root);
  if (!existsSync(job.endedFile)) return undefined;
  const run = JSON.parse(readFileSync(job.endedFile, 'utf8')) as CommandRun;
  return run.code === 0 ? { ...job, run } : undefined;
}
