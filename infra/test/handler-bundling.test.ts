import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerModulePath } from '../../functions/src/routes';
import { bundleFile, handlerBuildOptions, handlerBundling } from '../lib/handler-bundling';

/**
 * The bundle tests, the sample-event replay and `npm run bench` build the handlers with
 * `handlerBuildOptions` instead of through CDK (which would take seconds per function). That is
 * only worth anything if it builds what CDK deploys: here CDK bundles one handler with the
 * stack's `handlerBundling` (local esbuild, as `cdk deploy` does without Docker) and the result
 * must be the same bytes. The handler is one that loads clients on first use and bundles
 * CommonJS code, so the SDK, the banner and the dynamic imports are all in the comparison.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const handler = 'uploads/create-upload';
const workDir = mkdtempSync(path.join(tmpdir(), 'handler-bundling-'));

let cdkBundle: { code: string; map: { mappings: string } };
let ownBundle: { code: string; map: { mappings: string } };

function readBundle(file: string) {
  return {
    code: readFileSync(file, 'utf8'),
    map: JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { mappings: string },
  };
}

beforeAll(async () => {
  const app = new App({ outdir: path.join(workDir, 'cdk.out') });
  const stack = new Stack(app, 'Bundling');
  new nodejs.NodejsFunction(stack, 'Handler', {
    entry: path.join(repoRoot, 'functions/src/features', handlerModulePath(handler)),
    projectRoot: repoRoot,
    depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
    runtime: lambda.Runtime.NODEJS_22_X,
    bundling: { ...handlerBundling, logLevel: nodejs.LogLevel.ERROR },
  });
  const assembly = app.synth();
  const assets = readdirSync(assembly.directory).filter((name) => name.startsWith('asset.'));
  expect(assets).toHaveLength(1);
  cdkBundle = readBundle(path.join(assembly.directory, assets[0]!, 'index.mjs'));

  const outDir = path.join(workDir, 'own');
  await build(handlerBuildOptions([handler], outDir));
  ownBundle = readBundle(bundleFile(outDir, handler));
}, 120_000);

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('handler bundling', () => {
  it('bundles the AWS SDK instead of taking the runtime copy', () => {
    expect(handlerBundling.bundleAwsSDK).toBe(true);
    expect(handlerBundling).not.toHaveProperty('externalModules');
    expect(handlerBuildOptions([handler], workDir).external).toEqual([]);
    expect(ownBundle.code).not.toMatch(/from\s*["']@aws-sdk\//);
  });

  it("builds the same bytes as CDK's bundling of the stack's options", () => {
    expect(ownBundle.code.length).toBeGreaterThan(100_000);
    expect(ownBundle.code === cdkBundle.code).toBe(true);
    expect(ownBundle.map.mappings === cdkBundle.map.mappings).toBe(true);
  });
});
