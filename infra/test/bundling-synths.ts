import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Metafile } from 'esbuild';
import { inject } from 'vitest';
import { productionStage } from '../lib/stage-config';
import {
  keptSynthRoot,
  synthJobIn,
  type BundlingSynthJob,
  type BundlingSynthName,
} from './kept-synths';
import { prodContext } from './prod-context';
import {
  handlerMetafiles,
  newSynthOutDir,
  samLocalSynth,
  stageSynth,
  type CommandRun,
} from './staged-assets';

/**
 * The two synths of the infra suite that bundle every handler, as the CLI does: `npm run synth`
 * (what `sam local` runs, infra/test/sam-local.test.ts) and `cdk synth -c stage=prod` (what
 * `cdk deploy` uploads, staged-assets.test.ts; its bundling also writes each handler's metafile,
 * which cold-start.test.ts and permission-code.test.ts read). Each bundles all handlers (about
 * 40 CPU-seconds; the sample-event replay took 58 with its own synth and 20 without): the
 * suite's global setup (infra/test/global-setup.ts) starts both once, at once, and the test
 * files wait for the one they read while the other files run.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    bundlingSynths: Record<BundlingSynthName, BundlingSynthJob>;
  }
}

const runs: Record<BundlingSynthName, (job: BundlingSynthJob) => Promise<CommandRun>> = {
  samLocal: (job) => samLocalSynth(job.outDir),
  prod: (job) =>
    stageSynth(job.outDir, productionStage, prodContext, { metafileDir: job.metafileDir }),
};

/**
 * Starts both synths, each into a new directory outside the repository (or the one `npm test`
 * keeps them in, infra/test/kept-synths.ts); answers the jobs and a function that waits for them
 * to end and removes what they wrote unless it is kept.
 */
export function startBundlingSynths(): {
  jobs: Record<BundlingSynthName, BundlingSynthJob>;
  finish: () => Promise<void>;
} {
  const jobs = {} as Record<BundlingSynthName, BundlingSynthJob>;
  const ended: Promise<void>[] = [];
  const removed: string[] = [];
  for (const name of Object.keys(runs) as BundlingSynthName[]) {
    const kept = keptSynthRoot(name);
    // A kept directory starts empty: an earlier run's end must not pass for this one's.
    if (kept) rmSync(kept, { recursive: true, force: true });
    const root = kept ?? newSynthOutDir();
    if (!kept) removed.push(root);
    const job = synthJobIn(root);
    mkdirSync(job.outDir, { recursive: true });
    jobs[name] = job;
    ended.push(
      runs[name](job)
        .catch((error: unknown): CommandRun => ({ code: null, output: String(error) }))
        .then((run) => {
          // Written whole, then renamed: a test that sees the file reads all of it.
          writeFileSync(`${job.endedFile}.part`, JSON.stringify(run));
          renameSync(`${job.endedFile}.part`, job.endedFile);
        }),
    );
  }
  return {
    jobs,
    finish: async () => {
      await Promise.all(ended);
      for (const root of removed) rmSync(root, { recursive: true, force: true });
    },
  };
}

/** How long a test file waits for a synth: both at once on a busy machine take a few minutes. */
const SYNTH_WAIT_MS = 290_000;

/**
 * The job of a synth the global setup started, once it has ended, with its run. A synth that
 * failed is answered too: the tests show its output.
 */
export async function endedBundlingSynth(
  name: BundlingSynthName,
): Promise<BundlingSynthJob & { run: CommandRun }> {
  const job = inject('bundlingSynths')[name];
  const deadline = Date.now() + SYNTH_WAIT_MS;
  while (!existsSync(job.endedFile)) {
    if (Date.now() > deadline) throw new Error(`The ${name} synth did not end`);
    await sleep(250);
  }
  return { ...job, run: JSON.parse(readFileSync(job.endedFile, 'utf8')) as CommandRun };
}

/**
 * Each of `handlers`' esbuild metafile, as the prod synth bundled it: what `cdk deploy` uploads.
 * Throws with the synth's output if it failed.
 */
export async function prodSynthMetafiles(
  handlers: readonly string[],
): Promise<Map<string, Metafile>> {
  const { metafileDir, run } = await endedBundlingSynth('prod');
  if (run.code !== 0) throw new Error(`cdk synth failed:\n${run.output}`);
  return handlerMetafiles(metafileDir, handlers);
}
