import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { handlerModulePath } from '#routes';
import { HANDLER_METAFILE_DIR, handlerMetafilePath } from '../lib/handler-bundling';
import { handlerFunctionName, manifestHandlers } from '../lib/handler-functions';
import { stackName } from '../lib/telehealth-stack';

/**
 * The handler assets a real, bundling `cdk synth` staged: what `cdk deploy` uploads and what
 * `sam local invoke` runs. infra/test/synth.ts skips bundling for speed; the tests that look at
 * the code itself read the two bundling synths the infra suite runs once
 * (infra/test/bundling-synths.ts).
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface CommandRun {
  readonly code: number | null;
  /** stdout and stderr, for the failure message. */
  readonly output: string;
}

/**
 * A new directory for a synth's output, outside the repository: a staged bundle imported from
 * there cannot fall back on the repository's node_modules for a package it lacks. The caller
 * removes it.
 */
export function newSynthOutDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'cdk-synth-'));
}

/** What a synth may be given beside its arguments. */
export interface SynthOptions {
  /** Where CDK's bundling also writes each handler's metafile (`HANDLER_METAFILE_DIR`). */
  readonly metafileDir?: string;
}

function runInRepo(
  command: string,
  args: readonly string[],
  { metafileDir }: SynthOptions = {},
): Promise<CommandRun> {
  const env = metafileDir ? { ...process.env, [HANDLER_METAFILE_DIR]: metafileDir } : process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** `npm run synth` (the template for `sam local`, docs/deployment.md) into `outDir`. */
export function samLocalSynth(outDir: string): Promise<CommandRun> {
  return runInRepo('npm', ['run', 'synth', '--', '--output', outDir, '--no-notices']);
}

/** `npx cdk synth -c stage=<stage> -c name=value…` into `outDir`, as `cdk deploy` synthesizes. */
export function stageSynth(
  outDir: string,
  stage: string,
  context: Record<string, string> = {},
  options: SynthOptions = {},
): Promise<CommandRun> {
  const contextArgs = Object.entries({ stage, ...context }).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]);
  return runInRepo(
    'npx',
    ['cdk', 'synth', '--quiet', ...contextArgs, '--output', outDir, '--no-notices'],
    options,
  );
}

export interface SynthesizedFunction {
  readonly Type: string;
  readonly Metadata?: Record<string, unknown>;
  readonly Properties: Record<string, unknown> & {
    Code?: { S3Key?: unknown };
    Environment?: { Variables: Record<string, unknown> };
  };
}

/** The main stack's template of `stage` in a synth's `outDir`. */
export function stageTemplate(
  outDir: string,
  stage: string,
): { Resources: Record<string, SynthesizedFunction> } {
  const file = path.join(outDir, `${stackName(stage)}.template.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as {
    Resources: Record<string, SynthesizedFunction>;
  };
}

/** The function a handler runs as, by its name (`handlerFunctionName`); fails unless one. */
export function handlerFunction(
  template: { Resources: Record<string, SynthesizedFunction> },
  stage: string,
  handler: string,
): SynthesizedFunction {
  const name = handlerFunctionName(stage, handler);
  const matches = Object.values(template.Resources).filter(
    (resource) =>
      resource.Type === 'AWS::Lambda::Function' && resource.Properties.FunctionName === name,
  );
  if (matches.length !== 1) throw new Error(`${matches.length} functions named ${name}`);
  return matches[0]!;
}

/**
 * The directory of a function's staged asset, from the `aws:asset:path` CDK records on it (what
 * `sam local` resolves, relative to the template).
 */
export function stagedAssetDir(outDir: string, fn: SynthesizedFunction): string {
  const assetPath = fn.Metadata?.['aws:asset:path'];
  if (typeof assetPath !== 'string') throw new Error('A function without aws:asset:path');
  return path.join(outDir, assetPath);
}

/** Every handler of the manifest with its function's staged asset directory. */
export function stagedHandlerAssets(outDir: string, stage: string): Map<string, string> {
  const template = stageTemplate(outDir, stage);
  return new Map(
    manifestHandlers().map((handler) => [
      handler,
      stagedAssetDir(outDir, handlerFunction(template, stage, handler)),
    ]),
  );
}

/**
 * The handler modules of the route manifest (`features/<handlerModulePath>`) that an asset was
 * built from, sorted: the sources of its source maps (`index.mjs.map` and the chunks') that are
 * one. A handler's asset has its own module as its one entry and no other handler's: the
 * handler modules import shared code, never each other.
 */
export function handlerModulesOfAsset(assetDir: string): string[] {
  const handlerModules = new Set(manifestHandlers().map(handlerModulePath));
  const found = new Set<string>();
  for (const name of readdirSync(assetDir).filter((file) => file.endsWith('.mjs.map'))) {
    const { sources } = JSON.parse(readFileSync(path.join(assetDir, name), 'utf8')) as {
      sources: string[];
    };
    for (const source of sources) {
      // esbuild names sources relative to the asset: `../functions/src/features/admin/…`.
      const module = /(?:^|\/)functions\/src\/features\/(.+)$/.exec(source)?.[1];
      if (module && handlerModules.has(module)) found.add(module);
    }
  }
  return [...found].sort();
}

/** Each handler's esbuild metafile, as a synth with `metafileDir` bundled it. */
export function handlerMetafiles(
  metafileDir: string,
  handlers: readonly string[],
): Map<string, Metafile> {
  return new Map(
    handlers.map((handler) => [
      handler,
      JSON.parse(readFileSync(handlerMetafilePath(metafileDir, handler), 'utf8')) as Metafile,
    ]),
  );
}
