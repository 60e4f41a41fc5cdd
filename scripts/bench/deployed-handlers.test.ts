import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handlerFunctionName, manifestHandlers } from '../../infra/lib/handler-functions';
import { stackName } from '../../infra/lib/telehealth-stack';
import { deployedHandlers, handlerFileOf } from './deployed-handlers';

/**
 * Issue 29 item 5: the bench times the code the stage deploys. A synth's output is laid out
 * here as CDK lays it out (the stack's template, `asset.<hash>` directories named by each
 * function's `aws:asset:path`), without running CDK; infra/test/staged-assets.test.ts runs the
 * lookup on a real synth.
 */
const stage = 'prod';
const handlers = manifestHandlers();
let outDir: string;

interface FakeFunction {
  name: string;
  asset: string;
  bundled: boolean;
  handlerSetting?: string;
}

function writeSynth(functions: FakeFunction[], files: Record<string, string[]> = {}): void {
  const resources = Object.fromEntries(
    functions.map((fn, index) => [
      `Fn${index}`,
      {
        Type: 'AWS::Lambda::Function',
        Metadata: { 'aws:asset:path': fn.asset, 'aws:asset:is-bundled': fn.bundled },
        Properties: { FunctionName: fn.name, Handler: fn.handlerSetting ?? 'index.handler' },
      },
    ]),
  );
  resources.Table = { Type: 'AWS::DynamoDB::Table' } as never;
  writeFileSync(
    path.join(outDir, `${stackName(stage)}.template.json`),
    JSON.stringify({ Resources: resources }),
  );
  for (const fn of functions) {
    const dir = path.join(outDir, fn.asset);
    mkdirSync(dir, { recursive: true });
    for (const file of files[fn.asset] ?? ['index.mjs', 'chunk-ABC.mjs', 'index.mjs.map']) {
      writeFileSync(path.join(dir, file), 'export const handler = () => {};');
    }
  }
}

const handlerFunctions = (): FakeFunction[] =>
  handlers.map((handler, index) => ({
    name: handlerFunctionName(stage, handler),
    asset: `asset.${index.toString(16).padStart(8, '0')}`,
    bundled: true,
  }));

beforeEach(() => {
  outDir = mkdtempSync(path.join(tmpdir(), 'deployed-handlers-'));
});
afterEach(() => rmSync(outDir, { recursive: true, force: true }));

describe('deployedHandlers: the code the stage deploys, as Lambda finds it', () => {
  it("finds every handler's function, its staged asset and the file its Handler names", () => {
    const functions = handlerFunctions();
    // CDK's own custom-resource function: its code is not a bundled handler.
    writeSynth([...functions, { name: 'custom-resource', asset: 'asset.cdk', bundled: false }]);
    const found = deployedHandlers(outDir, stage);
    expect(found.map((one) => one.handler)).toEqual([...handlers].sort());
    for (const one of found) {
      const asset = functions.find((fn) => fn.name === one.functionName)!.asset;
      expect(one.functionName).toBe(handlerFunctionName(stage, one.handler));
      expect(one.assetDir).toBe(path.join(outDir, asset));
      expect(one.handlerFile).toBe(path.join(outDir, asset, 'index.mjs'));
    }
  });

  it('fails when a handler of the manifest has no function in the template', () => {
    const [, ...rest] = handlerFunctions();
    writeSynth(rest);
    expect(() => deployedHandlers(outDir, stage)).toThrow(`No function deploys ${handlers[0]}`);
  });

  it('fails when a bundled function runs no handler of the manifest', () => {
    writeSynth([
      ...handlerFunctions(),
      { name: 'telehealth-prod-stray', asset: 'a.x', bundled: true },
    ]);
    expect(() => deployedHandlers(outDir, stage)).toThrow(
      'Function telehealth-prod-stray runs no handler',
    );
  });

  it('fails when the asset holds no file for the Handler setting', () => {
    const functions = handlerFunctions();
    writeSynth(functions, { [functions[0]!.asset]: ['main.mjs'] });
    expect(() => deployedHandlers(outDir, stage)).toThrow(/No index\.js, \.mjs or \.cjs/);
  });
});

describe('handlerFileOf: the module of `Handler`, in the order Lambda tries extensions', () => {
  const withFiles = (...files: string[]) => {
    for (const file of files) writeFileSync(path.join(outDir, file), '');
    return outDir;
  };

  it.each([
    [['index.mjs'], 'index.handler', 'index.mjs'],
    [['index.js', 'index.mjs'], 'index.handler', 'index.js'],
    [['index.cjs'], 'index.handler', 'index.cjs'],
    [['app.mjs', 'index.mjs'], 'app.main', 'app.mjs'],
  ])('%j with Handler %s is %s', (files, setting, expected) => {
    expect(handlerFileOf(withFiles(...files), setting)).toBe(path.join(outDir, expected));
  });

  it('refuses a Handler without a module', () => {
    expect(() => handlerFileOf(withFiles('index.mjs'), 'handler')).toThrow('names no module');
  });
});
