import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedSampleEvents, handlerOfEventFile } from '#testing/event-files';
import { handlerFunctionName } from '../../infra/lib/handler-functions';
import { mapLimited } from '../../infra/test/map-limited';
import { keptSynth } from '../../infra/test/kept-synths';
import { newSynthOutDir, samLocalSynth, stagedHandlerAssets } from '../../infra/test/staged-assets';
import { repoRoot } from '../config';
import type { TestStack } from './global-setup';
import { invokeBundle, type BundleInvocation } from './invoke-bundle';
import { seedSampleEventData } from './sample-event-data';
import { useTestStack } from './stack-context';

/**
 * Issue 11 item 6: every sample event of `events/` replayed through its handler's function, in a
 * fresh Node process with the function's environment pointing at the local stack: the code and
 * the cold start `sam local invoke` runs. The code is the asset CDK staged for that function in
 * `npm run synth` (the template `sam local` reads, found by the function's `aws:asset:path`; the
 * one the infra suite ran when `npm test` runs both), not a bundle built beside the synth: a
 * function given another handler's asset answers its events wrongly here (issue 24).
 * `events/replay.json` says the order (chains of events that build on each other, run side by
 * side) and what each event must answer: a success where seeding makes the event meaningful,
 * else the documented 4xx.
 */

interface ReplayEntry {
  event: string;
  status?: number;
  result?: Record<string, unknown>;
  why?: string;
}

const eventsDir = path.join(repoRoot, 'events');
const chains = Object.values(
  (
    JSON.parse(readFileSync(path.join(eventsDir, 'replay.json'), 'utf8')) as {
      chains: Record<string, ReplayEntry[]>;
    }
  ).chains,
);
const entries = chains.flat();

/** The sam-local synth the infra suite kept, when `npm test` runs both (kept-synths.ts). */
const kept = keptSynth('samLocal');
const outDir = kept?.outDir ?? newSynthOutDir();
const invocations = new Map<string, BundleInvocation>();

async function replay(
  stack: TestStack,
  assets: ReadonlyMap<string, string>,
  entry: ReplayEntry,
): Promise<void> {
  const handler = handlerOfEventFile(entry.event);
  if (!handler) throw new Error(`${entry.event} names no handler of the manifest`);
  const assetDir = assets.get(handler);
  if (!assetDir) throw new Error(`No staged asset for ${handler}`);
  const invocation = await invokeBundle(
    path.join(assetDir, 'index.mjs'),
    path.join(eventsDir, entry.event),
    handlerFunctionName('local', handler),
    stack.handlerEnvironment,
  );
  invocations.set(entry.event, invocation);
}

beforeAll(async () => {
  const stack = useTestStack();
  const [synthRun] = await Promise.all([
    kept?.run ?? samLocalSynth(outDir),
    seedSampleEventData(stack),
  ]);
  if (synthRun.code !== 0) throw new Error(`npm run synth failed:\n${synthRun.output}`);
  // The dev stage's template: `npm run synth` is `cdk synth` with cdk.json's stage.
  const assets = stagedHandlerAssets(outDir, 'dev');
  await mapLimited(chains, chains.length, async (chain) => {
    for (const entry of chain) await replay(stack, assets, entry);
  });
}, 300_000);

afterAll(() => {
  if (!kept) rmSync(outDir, { recursive: true, force: true });
});

describe('sample events replayed through the assets CDK staged for their functions', () => {
  it('replays every sample event once', () => {
    expect(entries.map((entry) => entry.event).sort()).toEqual(
      expectedSampleEvents()
        .map((sample) => sample.file)
        .sort(),
    );
  });

  it.each(entries)('$event', (entry) => {
    const invocation = invocations.get(entry.event);
    if (!invocation) throw new Error(`${entry.event} was not replayed`);
    const { result, output } = invocation;
    if (entry.status !== undefined) {
      const answer = result as { statusCode?: number; body?: string } | undefined;
      expect(answer?.statusCode, `${answer?.body ?? ''}\n${output}`).toBe(entry.status);
    } else {
      expect(result, output).toMatchObject(entry.result ?? {});
    }
  });
});
