import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedSampleEvents, handlerOfEventFile } from '../../functions/src/testing/event-files';
import { handlerFunctionName } from '../../infra/lib/handler-functions';
import { buildHandlerBundles, bundleFile, mapLimited } from '../../infra/test/handler-bundles';
import { repoRoot } from '../config';
import type { TestStack } from './global-setup';
import { invokeBundle, type BundleInvocation } from './invoke-bundle';
import { seedSampleEventData } from './sample-event-data';
import { useTestStack } from './stack-context';

/**
 * Issue 11 item 6: every sample event of `events/` replayed through its handler's bundle, built
 * with the stack's own bundling options, in a fresh Node process with the function's
 * environment pointing at the local stack: the code and the cold start `sam local invoke` runs.
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

let outDir: string | undefined;
const invocations = new Map<string, BundleInvocation>();

async function replay(stack: TestStack, bundles: string, entry: ReplayEntry): Promise<void> {
  const handler = handlerOfEventFile(entry.event);
  if (!handler) throw new Error(`${entry.event} names no handler of the manifest`);
  const invocation = await invokeBundle(
    bundleFile(bundles, handler),
    path.join(eventsDir, entry.event),
    handlerFunctionName('local', handler),
    stack.handlerEnvironment,
  );
  invocations.set(entry.event, invocation);
}

beforeAll(async () => {
  const stack = useTestStack();
  const handlers = [...new Set(expectedSampleEvents().map((sample) => sample.handler))];
  const [bundles] = await Promise.all([buildHandlerBundles(handlers), seedSampleEventData(stack)]);
  outDir = bundles;
  await mapLimited(chains, chains.length, async (chain) => {
    for (const entry of chain) await replay(stack, bundles, entry);
  });
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('sample events replayed through their bundles', () => {
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
