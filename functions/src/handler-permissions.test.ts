import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminUserRecordSchema } from './db/admin-users';
import { providerLoginSchema } from './db/provider-logins';
import { tableDefinition } from './db/table-definition';
import {
  combine,
  fieldReads,
  handlerPermissions,
  indexPartitions,
  leadingKeysPattern,
  partitionKeyAllowed,
  partitionKeys,
  type HandlerPermissions,
} from './handler-permissions';
import {
  gatewayAuthorizers,
  handlerModulePath,
  httpRoutes,
  scheduledTargets,
  webSocketRoutes,
} from './routes';
import { importGraph } from './testing/import-graph';

const srcDir = path.resolve(import.meta.dirname);
const readSource = (relative: string) => readFileSync(path.join(srcDir, relative), 'utf8');
const repoDir = path.resolve(srcDir, '../..');
/** The non-test TypeScript files under a directory of the repository, relative to its root. */
const sourcesUnder = (dir: string): string[] =>
  readdirSync(path.join(repoDir, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file));
/** Every partition key the declaration names: the table's and the indexes'. */
const declaredKeys: string[] = [
  ...Object.values(partitionKeys),
  ...Object.values(indexPartitions).map(({ key }) => key),
];

const manifest = [
  ...new Set<string>([
    ...Object.values(httpRoutes).map((route) => route.handler),
    ...Object.values(webSocketRoutes),
    ...Object.values(scheduledTargets),
    ...Object.values(gatewayAuthorizers),
  ]),
].sort();

/** The table of docs/security.md, "Permissions per function", rendered from the declaration. */
function permissionsTable(): string {
  const code = (values: readonly string[] | undefined) =>
    (values ?? []).map((value) => `\`${value}\``).join(' ');
  const row = (handler: string, p: HandlerPermissions) => {
    const table = [
      p.table?.read ? `read ${code(p.table.read)}` : '',
      p.table?.indexes
        ? `query ${code(p.table.indexes.map(({ index, key }) => `${index} ${key}`))}`
        : '',
      p.table?.readFields
        ? `fields ${p.table.readFields.map(({ key, attributes }) => `\`${key}\` (${attributes.join(', ')})`).join(' ')}`
        : '',
      p.table?.write ? `write ${code(p.table.write)}` : '',
      p.table?.append ? `append ${code(p.table.append)}` : '',
      p.table?.touchSessions ? 'touch `SESSION#`' : '',
    ]
      .filter(Boolean)
      .join('; ');
    const uploads = (['read', 'write', 'delete'] as const)
      .filter((kind) => p.uploads?.[kind])
      .map((kind) => `${kind} ${code(p.uploads?.[kind])}`)
      .join('; ');
    const also = (['push', 'schedules', 'email', 'iceServers', 'fansOutQueue'] as const).filter(
      (flag) => p[flag],
    );
    return `| \`${handler}\` | ${table} | ${uploads} | ${(p.secrets ?? []).join(', ')} | ${also.join(', ')} |`;
  };
  return [
    '| Handler | Table | Uploads | Secrets | Also |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(handlerPermissions)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([handler, permissions]) => row(handler, permissions)),
  ].join('\n');
}

/** A markdown table's rows without the padding prettier adds. */
const normalize = (table: string) =>
  table
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .map((cell) => (/^\s*:?-+:?\s*$/.test(cell) ? '---' : cell.trim()))
        .join('|'),
    );

describe('handler permissions (the declaration)', () => {
  it('names every handler of the manifest and nothing else', () => {
    expect(Object.keys(handlerPermissions).sort()).toEqual(manifest);
    for (const handler of manifest) {
      // Each names a real module: a renamed handler cannot keep a stale entry.
      expect(readSource(`features/${handlerModulePath(handler)}`)).toContain('handler');
    }
  });

  it('is imported by no runtime code of functions/ (bundles would grow)', () => {
    // The import graph resolves every form: a relative path, a `#…` subpath import, `import()`.
    const importers = [...importGraph(srcDir)]
      .filter(([module]) => !module.endsWith('.test.ts'))
      .filter(([, targets]) => targets.includes('handler-permissions.ts'))
      .map(([module]) => module);
    expect(importers).toEqual([]);
  });

  it('takes every key it declares from what the entity modules of db/ export', async () => {
    // An exported string, or a string of an exported object (the gsi1 `lists` of db/keys.ts).
    const exported = new Set<unknown>();
    for (const file of sourcesUnder('functions/src/db')) {
      const module = (await import(path.join(repoDir, file))) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        if (typeof value === 'string') exported.add(value);
        else if (value && typeof value === 'object')
          Object.values(value).forEach((v) => exported.add(v));
      }
    }
    for (const key of declaredKeys) expect(exported.has(key), key).toBe(true);
    for (const { index } of Object.values(indexPartitions)) {
      expect(tableDefinition.globalSecondaryIndexes.map((gsi) => gsi.indexName)).toContain(index);
    }
  });

  it('finds each declared key written once in the code, in an entity module of db/', () => {
    // A key is written as a literal (`'CASE#'`) or at the head of a template (`CASE#${…}`);
    // comments name keys in backticks without `${`, so they do not count.
    const code = ['functions/src', 'infra/lib', 'local'].flatMap((dir) =>
      sourcesUnder(dir).map((file) => ({
        file,
        text: readFileSync(path.join(repoDir, file), 'utf8'),
      })),
    );
    for (const key of new Set(declaredKeys)) {
      const writes = code.flatMap(({ file, text }) =>
        [`'${key}'`, `\`${key}\${`].flatMap((form) =>
          text
            .split(form)
            .slice(1)
            .map(() => file),
        ),
      );
      expect(writes, key).toHaveLength(1);
      expect(writes[0], key).toMatch(/^functions\/src\/db\//);
    }
  });

  it('reads of password-hash items name attributes of their records, never the hash', () => {
    const schemas = { 'ADMIN#': adminUserRecordSchema, 'PROVIDER_LOGIN#': providerLoginSchema };
    for (const { key, attributes } of Object.values(fieldReads)) {
      const fields = Object.keys(schemas[key].shape);
      expect(fields).toContain('passwordHash');
      for (const name of attributes) {
        expect([...fields, 'pk', 'sk'], `${key} ${name}`).toContain(name);
      }
      expect(attributes).not.toContain('passwordHash');
    }
  });

  it('matches partition keys as IAM StringLike will (prefix only when ending in #)', () => {
    expect(partitionKeyAllowed(['CASE#'], 'CASE#123')).toBe(true);
    expect(partitionKeyAllowed(['CASE#'], 'CASES')).toBe(false);
    expect(partitionKeyAllowed(['COUNTER#CASES'], 'COUNTER#CASES')).toBe(true);
    expect(partitionKeyAllowed(['COUNTER#CASES'], 'COUNTER#CASES#x')).toBe(false);
    expect(partitionKeyAllowed(['PROVIDER#'], 'PROVIDER_LOGIN#a')).toBe(false);
    expect(leadingKeysPattern('CASE#')).toBe('CASE#*');
    expect(leadingKeysPattern('COUNTER#CASES')).toBe('COUNTER#CASES');
  });

  it('combines fragments without repeats and keeps every flag', () => {
    expect(
      combine(
        { table: { read: ['CASE#'], write: ['CASE#'] }, secrets: ['room'] },
        {
          table: {
            read: ['CASE#', 'SESSION#'],
            indexes: [indexPartitions.caseQueue],
            write: ['CASE#', 'RATE#'],
          },
          push: true,
          uploads: { read: ['cases/'] },
        },
        {
          table: {
            // Equal objects are one entry, wherever they come from.
            indexes: [{ index: 'gsi2', key: 'CASE_QUEUE' }, indexPartitions.paidCases],
            readFields: [fieldReads.adminStatus],
            touchSessions: true,
          },
        },
        { table: { readFields: [fieldReads.adminStatus] } },
        {},
      ),
    ).toEqual({
      table: {
        read: ['CASE#', 'SESSION#'],
        indexes: [indexPartitions.caseQueue, indexPartitions.paidCases],
        readFields: [fieldReads.adminStatus],
        write: ['CASE#', 'RATE#'],
        touchSessions: true,
      },
      uploads: { read: ['cases/'] },
      secrets: ['room'],
      push: true,
    });
    expect(combine()).toEqual({});
    // A handler that writes sessions whole gets no separate touch grant.
    expect(
      combine(
        { table: { read: ['SESSION#'], touchSessions: true } },
        { table: { write: ['SESSION#'] } },
      ),
    ).toEqual({ table: { read: ['SESSION#'], write: ['SESSION#'] } });
  });

  it('is the table of docs/security.md, "Permissions per function"', () => {
    const doc = readSource('../../docs/security.md');
    const section = doc.slice(doc.indexOf('## Permissions per function'));
    const documented = section.slice(
      section.indexOf('| Handler'),
      section.indexOf('\n\n', section.indexOf('| Handler')),
    );
    // On a mismatch, the expected table is printed: paste it (prettier pads it).
    expect(normalize(documented), permissionsTable()).toEqual(normalize(permissionsTable()));
  });
});
