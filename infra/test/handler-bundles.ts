import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { handlerBuildOptions } from '../lib/handler-bundling';

export { bundleFile, handlerBuildOptions } from '../lib/handler-bundling';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds `handlers` in one esbuild call with the stack's bundling options
 * (`handlerBuildOptions` in infra/lib/handler-bundling.ts). The directory is made under
 * `.test-results/` in the repository for tidiness only: the bundles carry the AWS SDK and every
 * other dependency, so they import nothing from node_modules (`bundles.test.ts` checks that).
 * The caller removes it.
 */
export async function buildHandlerBundles(handlers: readonly string[]): Promise<string> {
  mkdirSync(path.join(repoRoot, '.test-results'), { recursive: true });
  const outDir = mkdtempSync(path.join(repoRoot, '.test-results', 'lambda-bundles-'));
  await build(handlerBuildOptions(handlers, outDir));
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
