import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerModulePath } from '../../functions/src/routes';
import { handlerFunctionName, manifestHandlers } from '../lib/handler-functions';
import { stackName } from '../lib/telehealth-stack';
import {
  handlerFunction,
  handlerModulesOfAsset,
  newSynthOutDir,
  stageSynth,
  stageTemplate,
  type CommandRun,
  type SynthesizedFunction,
} from './staged-assets';

/**
 * Issue 24 item 1: the `prod` stage, synthesized as `cdk deploy -c stage=prod` synthesizes it
 * (the CLI, with bundling), deploys to every handler function its own handler's bundle. CDK
 * once reused the first handler's asset for every function (`handlerCode`'s cache key), which
 * no test that builds the bundles beside the synth could see. Here each function's code is
 * followed as CDK publishes it, from the template's `Code.S3Key` through the stack's asset
 * manifest to the staged directory, and that directory's source maps must name exactly one
 * handler module: the function's own, from the route manifest.
 */

const stage = 'prod';
/** Settings a prod deploy is given (docs/deployment.md), in case prod refuses to go without them. */
const prodContext = {
  domainName: 'app.example.org',
  certificateArn:
    'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-4000-8000-000000000000',
  stripePublishableKey: 'pk_live_asset_test',
  sesFrom: 'no-reply@example.org',
};
const handlers = manifestHandlers();
const outDir = newSynthOutDir();
let synthRun: CommandRun;

beforeAll(async () => {
  synthRun = await stageSynth(outDir, stage, prodContext);
}, 300_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

interface AssetManifest {
  files: Record<
    string,
    {
      source: { path: string; packaging: string };
      destinations: Record<string, { objectKey: string }>;
    }
  >;
}

function template() {
  expect(synthRun.code, synthRun.output).toBe(0);
  return stageTemplate(outDir, stage);
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
    const fn = handlerFunction(template(), stage, handler);
    const assetDir = publishedAssetDir(fn);
    expect(existsSync(path.join(assetDir, 'index.mjs')), assetDir).toBe(true);
    expect(handlerModulesOfAsset(assetDir)).toEqual([handlerModulePath(handler)]);
    // sam local and the sample-event replay take the asset by this path: the same directory.
    expect(path.join(outDir, fn.Metadata?.['aws:asset:path'] as string)).toBe(assetDir);
  });

  it('has as many distinct code assets as handler functions, and no other bundled function', () => {
    const functions = Object.values(template().Resources).filter(
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
});
