import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { DurationSequencer } from './duration-sequencer';
import { TEST_DURATIONS_FILE } from './test-durations';

const root = mkdtempSync(path.join(os.tmpdir(), 'duration-sequencer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
writeFileSync(
  path.join(root, TEST_DURATIONS_FILE),
  JSON.stringify({
    pages: { 'e2e/journey.test.ts': 110, 'e2e/push.test.ts': 41, 'e2e/admin.test.ts': 33 },
    calls: { 'e2e/call.test.ts': 90 },
  }),
);

/** The parts of a specification the sequencer reads. */
function spec(project: string, file: string, groupOrder = 0): TestSpecification {
  return {
    moduleId: path.join(root, file),
    project: { name: project, config: { sequence: { groupOrder } } },
  } as unknown as TestSpecification;
}

function sequencer(shard?: { index: number; count: number }) {
  return new DurationSequencer({ config: { root, shard } } as unknown as Vitest);
}

const names = (specs: TestSpecification[]) =>
  specs.map((each) => `${each.project.name}:${path.relative(root, each.moduleId)}`);

const pages = ['e2e/admin.test.ts', 'e2e/push.test.ts', 'e2e/journey.test.ts', 'e2e/new.test.ts'];

describe('DurationSequencer', () => {
  it('runs the longest recorded files first, a file not recorded as one of median length', async () => {
    const sorted = await sequencer().sort(pages.map((file) => spec('pages', file)));
    expect(names(sorted)).toEqual([
      'pages:e2e/journey.test.ts',
      // The median of 110, 41 and 33; equal to push's, so before it by path.
      'pages:e2e/new.test.ts',
      'pages:e2e/push.test.ts',
      'pages:e2e/admin.test.ts',
    ]);
  });

  it("keeps the projects apart, in Vitest's order: group order, then name", async () => {
    const sorted = await sequencer().sort([
      spec('pages', 'e2e/admin.test.ts'),
      spec('calls', 'e2e/call.test.ts', 1),
      spec('pages', 'e2e/journey.test.ts'),
    ]);
    expect(names(sorted)).toEqual([
      'pages:e2e/journey.test.ts',
      'pages:e2e/admin.test.ts',
      'calls:e2e/call.test.ts',
    ]);
  });

  it('shards by expected time: the longest file alone against the rest', async () => {
    const specs = pages.map((file) => spec('pages', file));
    const first = await sequencer({ index: 1, count: 2 }).shard(specs);
    const second = await sequencer({ index: 2, count: 2 }).shard(specs);
    expect(names(first)).toEqual(['pages:e2e/journey.test.ts']);
    expect(names(second).sort()).toEqual([
      'pages:e2e/admin.test.ts',
      'pages:e2e/new.test.ts',
      'pages:e2e/push.test.ts',
    ]);
  });
});
