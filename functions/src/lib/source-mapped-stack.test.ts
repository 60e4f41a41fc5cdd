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

/** A source that throws on its fifth line, bundled as a handler is: minified, with a map. */
const source = [
  'export function outer(): void {',
  '  inner();',
  '}',
  'function inner(): void {',
  "  throw new Error('broken');",
  '}',
].join('\n');

beforeAll(async () => {
  writeFileSync(path.join(workDir, 'thrower.ts'), source);
  await build({
    entryPoints: [path.join(workDir, 'thrower.ts')],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'node',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'error',
  });
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/**
 * The frames of the bundle's error as Lambda logs them: in a process of its own without
 * `--enable-source-maps` (vitest's process maps stacks itself, which would hide the point).
 */
function framesOfThrow(): string {
  const script =
    'const m = await import(process.argv[1]);' +
    "try { m.outer(); } catch (e) { process.stdout.write(e.stack.split('\\n').slice(1).join('\\n')); }";
  const child = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', script, pathToFileURL(bundle).href],
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

  it('leaves frames of files without a map beside them as they are', () => {
    const frames = [
      `    at handler (${pathToFileURL(path.join(workDir, 'missing.mjs')).href}:1:10)`,
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
    ].join('\n');
    expect(sourceMappedFrames(frames)).toBe(frames);
  });
});
