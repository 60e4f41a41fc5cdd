import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceMappedFrames } from './source-mapped-stack';

const workDir = mkdtempSync(path.join(tmpdir(), 'source-mapped-stack-'));
const bundle = path.join(workDir, 'out', 'index.mjs');
/** The same split as a handler's asset is: what only `import()` reaches is in a chunk. */
const splitBundle = path.join(workDir, 'split', 'index.mjs');

/** A source that throws on its fifth line, bundled as a handler is: minified, with a map. */
const source = [
  'export function outer(): void {',
  '  inner();',
  '}',
  'function inner(): void {',
  "  throw new Error('broken');",
  '}',
].join('\n');

/** An entry that loads the thrower on first use (its third line calls into the chunk). */
const lazyEntry = [
  'export async function outer(): Promise<void> {',
  "  const thrower = await import('./thrower');",
  '  thrower.outer();',
  '}',
].join('\n');

const bundling = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'error',
} as const;

beforeAll(async () => {
  writeFileSync(path.join(workDir, 'thrower.ts'), source);
  writeFileSync(path.join(workDir, 'lazy-entry.ts'), lazyEntry);
  await build({ ...bundling, entryPoints: [path.join(workDir, 'thrower.ts')], outfile: bundle });
  await build({
    ...bundling,
    entryPoints: { index: path.join(workDir, 'lazy-entry.ts') },
    outdir: path.dirname(splitBundle),
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunk-[hash]',
  });
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/**
 * The frames of the bundle's error as Lambda logs them: in a process of its own without
 * `--enable-source-maps` (vitest's process maps stacks itself, which would hide the point).
 */
function framesOfThrow(file = bundle): string {
  const script =
    'const m = await import(process.argv[1]);' +
    "try { await m.outer(); } catch (e) { process.stdout.write(e.stack.split('\\n').slice(1).join('\\n')); }";
  const child = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', script, pathToFileURL(file).href],
    { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
  );
  if (child.status !== 0 || !child.stdout)
    throw new Error(`the bundle did not throw: ${child.stderr}`);
  return child.stdout;
}

describe('sourceMappedFrames', () => {
  it('points the frames of a minified bundle at the original source lines', () => {
    const frames = framesOfThrow();
    // Unmapped: positions in the bundle's one line.
    expect(frames).toMatch(/index\.mjs:1:\d+/);
    const mapped = sourceMappedFrames(frames);
    expect(mapped).toMatch(/thrower\.ts:5:\d+/);
    expect(mapped).toMatch(/thrower\.ts:2:\d+/);
    expect(mapped).not.toContain('index.mjs');
  });

  it("maps a frame in a lazily loaded chunk through the chunk's own map", () => {
    const frames = framesOfThrow(splitBundle);
    expect(frames).toMatch(/chunk-[A-Z0-9]+\.mjs:1:\d+/);
    const mapped = sourceMappedFrames(frames);
    expect(mapped).toMatch(/thrower\.ts:5:\d+/);
    expect(mapped).toMatch(/lazy-entry\.ts:3:\d+/);
    expect(mapped).not.toMatch(/\.mjs:/);
  });

  it('leaves frames of files without a map beside them as they are', () => {
    const frames = [
      `    at handler (${pathToFileURL(path.join(workDir, 'missing.mjs')).href}:1:10)`,
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
    ].join('\n');
    expect(sourceMappedFrames(frames)).toBe(frames);
  });
});
