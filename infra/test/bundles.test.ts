import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerModulePath } from '../../functions/src/routes';
import { handlerBundling, manifestHandlers } from '../lib/handler-functions';

/**
 * Every Lambda bundle builds and starts. The other infra tests synthesize without bundling, so a
 * handler that esbuild cannot bundle, or whose bundle throws at import (a missing dependency, a
 * top-level read that fails, CommonJS code without `require`), would only fail once deployed.
 * This builds every handler of the manifest with the stack's own bundling options
 * (`handlerBundling`, translated to esbuild's API the way CDK translates them to its command
 * line) in one esbuild call, then imports each bundle in a fresh Node process.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const featuresDir = path.join(repoRoot, 'functions/src/features');
const handlers = manifestHandlers();

/**
 * Inside the repository, so that the bundles resolve the external `@aws-sdk/*` packages from
 * its node_modules, as they resolve the runtime's own copy on Lambda.
 */
let outDir: string;

/** What the function has at cold start before any request: the stack's names, no secrets. */
const minimalEnvironment = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'telehealth-test',
  UPLOADS_BUCKET: 'telehealth-test-uploads',
  APP_ORIGIN: 'https://telehealth.example',
  NODE_OPTIONS: '--enable-source-maps',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/** Loads a bundle in its own process; answers the type of its `handler` export or the error. */
function loadInFreshProcess(file: string): Promise<{ code: number | null; output: string }> {
  const script = 'const m = await import(process.argv[1]); process.stdout.write(typeof m.handler);';
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, file], {
      env: minimalEnvironment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Runs `task` over `items` with at most `limit` in flight (the machine has few cores). */
async function mapLimited<Item, Result>(
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

const loads = new Map<string, { code: number | null; output: string }>();

beforeAll(async () => {
  mkdirSync(path.join(repoRoot, '.test-results'), { recursive: true });
  outDir = mkdtempSync(path.join(repoRoot, '.test-results', 'lambda-bundles-'));
  await build({
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
  });
  const results = await mapLimited(handlers, 4, (handler) =>
    loadInFreshProcess(path.join(outDir, handler, 'index.mjs')),
  );
  handlers.forEach((handler, index) => loads.set(handler, results[index]!));
}, 170_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('Lambda bundles', () => {
  it('covers every handler of the manifest', () => {
    expect(handlers.length).toBeGreaterThan(30);
    expect([...loads.keys()].sort()).toEqual([...handlers].sort());
  });

  it.each(handlers)('%s bundles and exports a handler function at cold start', (handler) => {
    const load = loads.get(handler);
    expect(load, handler).toEqual({ code: 0, output: 'function' });
  });
});
