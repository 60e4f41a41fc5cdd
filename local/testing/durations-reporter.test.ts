import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { TestModule, Vitest } from 'vitest/node';
import DurationsReporter from './durations-reporter';

const root = mkdtempSync(path.join(os.tmpdir(), 'durations-reporter-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The parts of a finished test module the reporter reads. */
function finished(file: string, collectMs: number, runMs: number): TestModule {
  return {
    moduleId: path.join(root, file),
    project: { name: 'e2e-pages' },
    diagnostic: () => ({ collectDuration: collectMs, duration: runMs }),
  } as unknown as TestModule;
}

it("writes each file's import, hooks and tests, per project and shard", () => {
  const reporter = new DurationsReporter();
  reporter.onInit({ config: { root, shard: { index: 1, count: 2 } } } as unknown as Vitest);
  // A file that measures in `beforeAll`: its tests alone take no time.
  reporter.onTestModuleEnd(finished('e2e/page-weight.e2e.test.ts', 1_520, 58_000));
  reporter.onTestModuleEnd(finished('e2e/landing.e2e.test.ts', 400, 18_030));
  reporter.onTestRunEnd();
  const written = readFileSync(
    path.join(root, '.test-results/durations-e2e-pages-1-of-2.json'),
    'utf8',
  );
  expect(JSON.parse(written)).toEqual({
    'e2e-pages': { 'e2e/page-weight.e2e.test.ts': 59.5, 'e2e/landing.e2e.test.ts': 18.4 },
  });
});
