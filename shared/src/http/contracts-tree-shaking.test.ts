import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import type { RouteContract } from './contract';

const sharedSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractFiles = readdirSync(sharedSrc, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => path.join(sharedSrc, entry.name, 'contracts.ts'))
  .filter((file) => readdirSync(path.dirname(file)).includes('contracts.ts'));

/** Bundles an entry that uses one export of a module, as Vite and esbuild do for a page. */
async function bundleUsing(file: string, exportName: string): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { ${exportName} } from ${JSON.stringify(file)}; console.log(${exportName});`,
      resolveDir: sharedSrc,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    external: ['zod'],
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('route contracts', () => {
  it('are found, one file per domain', () => {
    expect(contractFiles.length).toBeGreaterThanOrEqual(8);
  });

  // A page that calls one route must not carry the other routes of its domain.
  it.each(contractFiles.map((file) => [path.relative(sharedSrc, file), file]))(
    '%s stays tree-shakable',
    async (_, file) => {
      const contracts = Object.entries(
        (await import(file)) as Record<string, RouteContract>,
      ).filter(([, value]) => typeof value?.path === 'string');
      const [[usedName, used], ...others] = contracts as [
        [string, RouteContract],
        ...[string, RouteContract][],
      ];
      const code = await bundleUsing(file, usedName);
      expect(code).toContain(JSON.stringify(used.path));
      for (const [, other] of others) {
        if (other.path !== used.path) expect(code).not.toContain(JSON.stringify(other.path));
      }
    },
  );
});
