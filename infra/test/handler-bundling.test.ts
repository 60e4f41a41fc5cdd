import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildHandlerAsset,
  filesLoadedAtImport,
  handlerAssetDir,
  handlerBundling,
  handlerCode,
} from '../lib/handler-bundling';

/**
 * `handlerBuildOptions` builds a handler outside a CDK synth (the cold-start check builds its
 * probes with it). That is only worth anything if it builds what CDK deploys: here CDK stages
 * one handler's asset through `handlerCode` (its local bundling) and every file of it must be
 * the same bytes as the direct build's. The handler is one that loads clients on first use and
 * bundles CommonJS code, so the SDK, the banner and the split-off chunks are all compared.
 * That each function of a stage gets its own handler's asset is `staged-assets.test.ts`'s check.
 */

const handler = 'uploads/create-upload';
const workDir = mkdtempSync(path.join(tmpdir(), 'handler-bundling-'));

type Asset = Map<string, string>;
let cdkAsset: Asset;
let ownAsset: Asset;

/** Every file of an asset directory, by name. */
function readAsset(dir: string): Asset {
  return new Map(
    readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]),
  );
}

beforeAll(async () => {
  const app = new App({ outdir: path.join(workDir, 'cdk.out') });
  const stack = new Stack(app, 'Bundling');
  new lambda.Function(stack, 'Handler', {
    code: handlerCode(handler),
    handler: 'index.handler',
    runtime: lambda.Runtime.NODEJS_22_X,
  });
  const assembly = app.synth();
  const assets = readdirSync(assembly.directory).filter((name) => name.startsWith('asset.'));
  expect(assets).toHaveLength(1);
  cdkAsset = readAsset(path.join(assembly.directory, assets[0]!));

  // Elsewhere and at another depth than CDK's staging directory: the bytes must not depend on it.
  const outDir = path.join(workDir, 'own', 'at', 'another', 'depth');
  await buildHandlerAsset(handler, outDir);
  ownAsset = readAsset(handlerAssetDir(outDir, handler));
}, 120_000);

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('handler bundling', () => {
  it('bundles the AWS SDK instead of taking the runtime copy', () => {
    expect(handlerBundling.external).toEqual([]);
    for (const [name, code] of ownAsset) {
      expect(code, name).not.toMatch(/from\s*["']@aws-sdk\//);
    }
  });

  it('splits what only import() reaches into chunks beside index.mjs, each with its map', () => {
    const names = [...ownAsset.keys()].sort();
    expect(names).toContain('index.mjs');
    expect(names).toContain('index.mjs.map');
    const chunks = names.filter((name) => /^chunk-[A-Z0-9]+\.mjs$/.test(name));
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(names).toContain(`${chunk}.map`);
    expect(ownAsset.get('index.mjs')).toMatch(/import\(["']\.\/chunk-[A-Z0-9]+\.mjs["']\)/);
  });

  it('stages in the CDK asset the same files and bytes as the direct build', () => {
    expect([...cdkAsset.keys()].sort()).toEqual([...ownAsset.keys()].sort());
    expect(ownAsset.get('index.mjs')!.length).toBeGreaterThan(100_000);
    // Source maps included: they name the sources the same way wherever the asset was staged.
    for (const [name, own] of ownAsset) expect(cdkAsset.get(name) === own, name).toBe(true);
  });
});

describe('the files a handler loads at import', () => {
  const output = (
    entryPoint: string | undefined,
    imports: [string, 'import-statement' | 'dynamic-import'][],
  ) => ({
    bytes: 1,
    inputs: {},
    exports: [],
    ...(entryPoint ? { entryPoint } : {}),
    imports: imports.map(([importPath, kind]) => ({ path: importPath, kind })),
  });

  it('starts at the handler’s entry even when an import() target comes first in the metafile', () => {
    // esbuild marks every import() target as an entry point too; their order follows the build.
    const outputs = {
      'out/chunk-LAZY.mjs': output('functions/src/lib/stripe-faults.ts', [
        ['out/chunk-STRIPE.mjs', 'import-statement'],
      ]),
      'out/chunk-STRIPE.mjs': output(undefined, []),
      'out/index.mjs': output('functions/src/features/x.handler.ts', [
        ['out/chunk-SHARED.mjs', 'import-statement'],
        ['out/chunk-LAZY.mjs', 'dynamic-import'],
      ]),
      'out/chunk-SHARED.mjs': output(undefined, []),
    };
    expect(filesLoadedAtImport({ inputs: {}, outputs }).sort()).toEqual([
      'out/chunk-SHARED.mjs',
      'out/index.mjs',
    ]);
  });
});
