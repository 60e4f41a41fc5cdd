import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestHandlers } from '../lib/handler-functions';
import { buildHandlerBundles, bundleFile, mapLimited } from './handler-bundles';

/**
 * Every Lambda bundle builds and starts. The other infra tests synthesize without bundling, so a
 * handler that esbuild cannot bundle, or whose bundle throws at import (a missing dependency, a
 * top-level read that fails, CommonJS code without `require`), would only fail once deployed.
 * This builds every handler of the manifest with the stack's own bundling options in one
 * esbuild call (`buildHandlerBundles`), then imports each bundle in a fresh Node process, in a
 * directory without node_modules: the bundles carry the AWS SDK (issue 12 item 5), so a
 * dependency left out of one fails here as it would in Lambda.
 */

const handlers = manifestHandlers();

/** Made by `buildHandlerBundles`, outside the repository. */
let outDir: string;

/** What the function has at cold start before any request: the stack's names, no secrets. */
const minimalEnvironment = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'telehealth-test',
  UPLOADS_BUCKET: 'telehealth-test-uploads',
  APP_ORIGIN: 'https://telehealth.example',
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

const loads = new Map<string, { code: number | null; output: string }>();

beforeAll(async () => {
  outDir = await buildHandlerBundles(handlers);
  const results = await mapLimited(handlers, 4, (handler) =>
    loadInFreshProcess(bundleFile(outDir, handler)),
  );
  handlers.forEach((handler, index) => loads.set(handler, results[index]!));
}, 170_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('Lambda bundles', () => {
  it('imports the bundles where no node_modules can supply a dependency', () => {
    const above: string[] = [];
    for (let dir = outDir; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      above.push(path.join(dir, 'node_modules'));
    }
    expect(above.filter((candidate) => existsSync(candidate))).toEqual([]);
  });

  it('covers every handler of the manifest', () => {
    expect(handlers.length).toBeGreaterThan(30);
    expect([...loads.keys()].sort()).toEqual([...handlers].sort());
  });

  it.each(handlers)('%s bundles and exports a handler function at cold start', (handler) => {
    const load = loads.get(handler);
    expect(load, handler).toEqual({ code: 0, output: 'function' });
  });
});
