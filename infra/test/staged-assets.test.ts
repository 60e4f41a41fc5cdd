import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { handlerModulePath } from '#routes';
import { deployedHandlers } from '../../scripts/bench/deployed-handlers';
import { handlerFunctionName, manifestHandlers } from '../lib/handler-functions';
import { productionStage } from '../lib/stage-config';
import { stackName } from '../lib/telehealth-stack';
import { endedBundlingSynth } from './bundling-synths';
import { mapLimited } from './map-limited';
import {
  handlerFunction,
  handlerModulesOfAsset,
  stagedHandlerAssets,
  stageTemplate,
  type CommandRun,
  type SynthesizedFunction,
} from './staged-assets';

/**
 * Issue 24 item 1: the `prod` stage, synthesized as `cdk deploy -c stage=prod` synthesizes it
 * (the CLI, with bundling), deploys to every handler function its own handler's bundle, and
 * each bundle starts. CDK once reused the first handler's asset for every function
 * (`handlerCode`'s cache key), which no test that builds the bundles beside the synth could
 * see. Here each function's code is followed as CDK publishes it, from the template's
 * `Code.S3Key` through the stack's asset manifest to the staged directory, and that directory's
 * source maps must name exactly one handler module: the function's own, from the route
 * manifest. The other infra tests synthesize without bundling, so a handler that esbuild cannot
 * bundle, or whose bundle throws at import (a missing dependency, a top-level read that fails,
 * CommonJS code without `require`), would only fail once deployed: each staged asset is imported
 * in a fresh Node process, outside the repository, where no node_modules can supply a
 * dependency the bundle lacks (the bundles carry the AWS SDK, issue 12 item 5).
 */

const stage = productionStage;
const handlers = manifestHandlers();
let outDir: string;
let synthRun: CommandRun;

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
function loadInFreshProcess(file: string): Promise<CommandRun> {
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

const loads = new Map<string, CommandRun>();

beforeAll(async () => {
  ({ outDir, run: synthRun } = await endedBundlingSynth('prod'));
  if (synthRun.code !== 0) throw new Error(`cdk synth failed:\n${synthRun.output}`);
  const assets = stagedHandlerAssets(outDir, stage);
  const results = await mapLimited(handlers, 4, (handler) =>
    loadInFreshProcess(path.join(assets.get(handler)!, 'index.mjs')),
  );
  handlers.forEach((handler, index) => loads.set(handler, results[index]!));
}, 300_000);

interface AssetManifest {
  files: Record<
    string,
    {
      source: { path: string; packaging: string };
      destinations: Record<string, { objectKey: string }>;
    }
  >;
}

/** The directory `cdk deploy` zips and uploads to the function's `Code.S3Key`. */
function publishedAssetDir(fn: SynthesizedFunction): string {
  const key = fn.Properties.Code?.S3Key;
  const manifest = JSON.parse(
    readFileSync(path.join(outDir, `${stackName(stage)}.assets.json`), 'utf8'),
  ) as AssetManifest;
  const published = Object.values(manifest.files).filter((file) =>
    Object.values(file.destinations).some((destination) => destination.objectKey === key),
  );
  expect(published, String(key)).toHaveLength(1);
  expect(published[0]!.source.packaging).toBe('zip');
  return path.join(outDir, published[0]!.source.path);
}

describe(`the synthesized ${stage} stage`, () => {
  it.each(handlers)('%s: its function deploys an asset of its own handler only', (handler) => {
    const fn = handlerFunction(stageTemplate(outDir, stage), stage, handler);
    const assetDir = publishedAssetDir(fn);
    expect(existsSync(path.join(assetDir, 'index.mjs')), assetDir).toBe(true);
    expect(handlerModulesOfAsset(assetDir)).toEqual([handlerModulePath(handler)]);
    // sam local and the sample-event replay take the asset by this path: the same directory.
    expect(path.join(outDir, fn.Metadata?.['aws:asset:path'] as string)).toBe(assetDir);
  });

  it('has as many distinct code assets as handler functions, and no other bundled function', () => {
    const functions = Object.values(stageTemplate(outDir, stage).Resources).filter(
      (resource) => resource.Type === 'AWS::Lambda::Function',
    );
    // Bundled at synth: the functions of handlerCode (CDK's own custom-resource function is not).
    const bundled = functions.filter((fn) => fn.Metadata?.['aws:asset:is-bundled'] === true);
    expect(bundled.map((fn) => fn.Properties.FunctionName).sort()).toEqual(
      handlers.map((handler) => handlerFunctionName(stage, handler)).sort(),
    );
    const keys = new Set(bundled.map((fn) => JSON.stringify(fn.Properties.Code?.S3Key)));
    expect(keys.size).toBe(handlers.length);
  });

  it("is what the bench times: each function's staged asset and its handler file (issue 29 item 5)", () => {
    const template = stageTemplate(outDir, stage);
    expect(
      deployedHandlers(outDir, stage).map(({ handler, assetDir, handlerFile }) => [
        handler,
        assetDir,
        handlerFile,
      ]),
    ).toEqual(
      [...handlers].sort().map((handler) => {
        const assetDir = publishedAssetDir(handlerFunction(template, stage, handler));
        return [handler, assetDir, path.join(assetDir, 'index.mjs')];
      }),
    );
  });

  it('imports the assets where no node_modules can supply a dependency', () => {
    const above: string[] = [];
    for (let dir = outDir; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      above.push(path.join(dir, 'node_modules'));
    }
    expect(above.filter((candidate) => existsSync(candidate))).toEqual([]);
  });

  it.each(handlers)('%s: its asset exports a handler function at cold start', (handler) => {
    expect(loads.get(handler), handler).toEqual({ code: 0, output: 'function' });
  });
});
