import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** `docs/access-patterns.md` is the source table of the data layer: it must match the modules. */
const dbDir = path.resolve(import.meta.dirname);
const doc = readFileSync(path.resolve(dbDir, '../../../docs/access-patterns.md'), 'utf8');

/** Rows of the Entities table: [entity, module, tag]. */
const entityRows = doc
  .slice(doc.indexOf('## Entities'), doc.indexOf('## Access patterns'))
  .split('\n')
  .filter((line) => line.startsWith('| ') && line.includes('.ts`'))
  .map((line) => line.split('|').map((cell) => cell.trim().replace(/`/g, '')))
  .map(([, entity, module, tag]) => ({ entity, module: module!, tag: tag! }));

// Recursive: an entity may be a folder of modules (the case's, `db/cases/`).
const declaredTags = readdirSync(dbDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .flatMap((file) =>
    [...readFileSync(path.join(dbDir, file), 'utf8').matchAll(/_ENTITY = '(\w+)'/g)].map(
      (match) => ({ file, tag: match[1]! }),
    ),
  );

describe('docs/access-patterns.md', () => {
  it('lists every entity with an existing module and a tag declared once', () => {
    expect(entityRows.length).toBeGreaterThan(15);
    for (const row of entityRows) {
      expect(existsSync(path.join(dbDir, row.module)), row.module).toBe(true);
      const declaredIn = declaredTags.filter((declared) => declared.tag === row.tag);
      expect(
        declaredIn.map((declared) => declared.file),
        `${row.entity}: ${row.tag}`,
      ).toHaveLength(1);
    }
  });

  it('has a row for every entity tag the modules declare', () => {
    const documented = new Set(entityRows.map((row) => row.tag));
    for (const { file, tag } of declaredTags)
      expect(documented.has(tag), `${file}: ${tag}`).toBe(true);
  });
});
