import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, groupGraph, importGraph } from './testing/import-graph';

/**
 * Issue 30 item 1: no import cycle inside functions/ (docs/architecture.md, "The layers at a
 * glance"). The layers' direction (core below db below lib below the features) is a lint rule,
 * `import-x/no-restricted-paths` in eslint.config.js; this checks what lint cannot see cheaply:
 * cycles through any number of modules, and between features.
 */

const graph = importGraph(fileURLToPath(new URL('.', import.meta.url)));

const isTest = (module: string) => /\.test\.tsx?$/.test(module);
const isHandler = (module: string) => /^features\/[^/]+\/.+\.handler\.ts$/.test(module);

/**
 * A module's folder: `features/<name>` for a feature, else the first part of its path (`core`,
 * `db`, `lib`, `testing`, or a file at the root such as `routes.ts`). Tests and handlers have
 * none: nothing imports them (the last check below), so they close no cycle, and a handler may
 * compose several features; the features' other modules must build on each other one way.
 */
function folderOf(module: string): string | null {
  if (isTest(module) || isHandler(module)) return null;
  const [top, name] = module.split('/');
  return top === 'features' ? `features/${name}` : top!;
}

describe('the import graph of functions/src', () => {
  it('finds the cycles it is given (the check can fail)', () => {
    const cyclic = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(findCycles(cyclic)).toEqual(['a.ts → b.ts → c.ts → a.ts', 'e.ts → e.ts']);
    expect(findCycles(groupGraph(cyclic, (module) => (module === 'd.ts' ? 'x' : 'y')))).toEqual([]);
  });

  it('follows the subpath imports of package.json (`#db/…`) as it follows relative paths', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
    try {
      const files: Record<string, string> = {
        'package.json': JSON.stringify({
          imports: {
            '#db/*': './src/db/*.ts',
            '#features/*': './src/features/*.ts',
            '#routes': './src/routes.ts',
          },
        }),
        'src/routes.ts': 'export type Route = string;',
        'src/db/cases.ts': "export { load } from '#features/cases/load';",
        'src/features/cases/load.ts': [
          "import { load } from '#db/cases';",
          "import type { Route } from '#routes';",
          "export const later = () => import('../../db/cases');",
          "import { missing } from '#db/missing';",
          "import { other } from '#other/x';",
        ].join('\n'),
      };
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      }
      const subpaths = importGraph(path.join(dir, 'src'));
      expect(subpaths.get('features/cases/load.ts')).toEqual(['db/cases.ts', 'routes.ts']);
      expect(findCycles(subpaths)).toEqual(['db/cases.ts → features/cases/load.ts → db/cases.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads every module', () => {
    // An import written `#db/transaction`.
    expect(graph.get('features/cases/transitions.ts')).toContain('db/transaction.ts');
    expect(graph.size).toBeGreaterThan(300);
  });

  it('has no cycle between modules, tests included', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('has no cycle between folders, each feature its own (handlers and tests aside)', () => {
    expect(findCycles(groupGraph(graph, folderOf))).toEqual([]);
  });

  it('has handlers that only tests import', () => {
    const importers = [...graph]
      .filter(([module, targets]) => !isTest(module) && targets.some(isHandler))
      .map(([module]) => module);
    expect(importers).toEqual([]);
  });
});
