import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesReadAtImport, importTimesInRounds } from './handlers';

const dir = mkdtempSync(path.join(tmpdir(), 'handler-imports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An asset laid out as esbuild splits a handler: an entry, a static chunk, a lazy chunk. */
const files = {
  'index.mjs':
    'import{a}from"./chunk-STATIC.mjs";export const handler=async()=>(await import("./chunk-LAZY.mjs")).b+a;',
  'chunk-STATIC.mjs': 'import"./chunk-SHARED.mjs";export const a=1;',
  'chunk-SHARED.mjs': 'export const s=2;',
  'chunk-LAZY.mjs': 'export const b=3;',
};
for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, name), code);

describe('filesReadAtImport: what a cold start reads of an asset', () => {
  it('is the handler file and the chunks it imports statically, transitively; not a lazy chunk', () => {
    expect(filesReadAtImport(path.join(dir, 'index.mjs')).sort()).toEqual(
      ['chunk-SHARED.mjs', 'chunk-STATIC.mjs', 'index.mjs'].map((name) => path.join(dir, name)),
    );
  });
});

describe('importTimesInRounds: every file once a round', () => {
  it('times each file 15 times, alternating between the files, not 15 in a row', () => {
    const log = path.join(dir, 'imports.log');
    // Each module appends its name to the log when a process imports it.
    for (const name of ['a', 'b']) {
      writeFileSync(
        path.join(dir, `${name}.mjs`),
        `import{appendFileSync}from"node:fs";appendFileSync(${JSON.stringify(log)},"${name}");`,
      );
    }
    const runs = importTimesInRounds(['a', 'b'].map((name) => path.join(dir, `${name}.mjs`)));
    expect(runs.map((times) => times.length)).toEqual([15, 15]);
    expect(runs.flat().every((times) => times.wallMs > 0 && times.cpuMs >= 0)).toBe(true);
    expect(readFileSync(log, 'utf8')).toBe('ab'.repeat(15));
  });
});
