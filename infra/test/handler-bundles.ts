import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildHandlerAssets } from '../lib/handler-bundling';

export { bundleFile, handlerBuildOptions } from '../lib/handler-bundling';

/**
 * Builds `handlers` with the stack's bundling (`buildHandlerAssets` in
 * infra/lib/handler-bundling.ts), each into `<dir>/<handler>/` as its asset, in a new directory
 * outside the repository: the bundles carry the AWS SDK and every other dependency, and there
 * no node_modules could stand in for one they lack (`bundles.test.ts` imports them there). The
 * caller removes it.
 */
export async function buildHandlerBundles(handlers: readonly string[]): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'lambda-bundles-'));
  await buildHandlerAssets(handlers, outDir);
  return outDir;
}

/** Runs `task` over `items` with at most `limit` in flight (the machine has few cores). */
export async function mapLimited<Item, Result>(
  items: readonly Item[],
  limit: number,
  task: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = new Array<Result>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
