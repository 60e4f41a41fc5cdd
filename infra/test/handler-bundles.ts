import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { handlerModulePath } from '../../functions/src/routes';
import { handlerBundling } from '../lib/handler-functions';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const featuresDir = path.join(repoRoot, 'functions/src/features');

/** Where a handler's bundle lies under the directory `buildHandlerBundles` answered. */
export function bundleFile(outDir: string, handler: string): string {
  return path.join(outDir, handler, 'index.mjs');
}

/**
 * esbuild's options for `handlers` with the stack's own bundling options (`handlerBundling`,
 * translated to esbuild's API the way CDK translates them to its command line), each to
 * `<outDir>/<handler>/index.mjs` as in a CDK asset. Tests that read the bundles' metafile
 * (`permission-code.test.ts`) add `write: false, metafile: true`.
 */
export function handlerBuildOptions(handlers: readonly string[], outDir: string): BuildOptions {
  return {
    entryPoints: Object.fromEntries(
      handlers.map((handler) => [
        `${handler}/index`,
        path.join(featuresDir, handlerModulePath(handler)),
      ]),
    ),
    outdir: outDir,
    // CDK names an ESM bundle index.mjs.
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: handlerBundling.format,
    target: handlerBundling.target,
    minify: handlerBundling.minify,
    sourcemap: handlerBundling.sourceMap,
    sourcesContent: handlerBundling.sourcesContent,
    mainFields: handlerBundling.mainFields,
    banner: { js: handlerBundling.banner },
    external: handlerBundling.externalModules,
    tsconfig: handlerBundling.tsconfig,
    logLevel: 'error',
  };
}

/**
 * Builds `handlers` in one esbuild call (`handlerBuildOptions`). The directory is made inside
 * the repository (`.test-results/`), so that the bundles resolve the external `@aws-sdk/*`
 * packages from its node_modules, as they resolve the runtime's own copy on Lambda. The caller
 * removes it.
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
