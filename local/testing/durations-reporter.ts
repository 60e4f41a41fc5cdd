import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { DURATIONS_REPORT_PREFIX, type TestDurations } from './test-durations';

/**
 * A Vitest reporter that writes how long each test file took, its import and its hooks
 * included (Vitest's JSON report counts only the tests: a file that measures in `beforeAll`
 * read 0 s there, against 58 s). `npm test` adds it to every suite; `npm run test:durations`
 * merges what it wrote into test-durations.json (local/testing/test-durations.ts).
 */
export default class DurationsReporter implements Reporter {
  private vitest: Vitest | undefined;
  private readonly seconds: TestDurations = {};

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestModuleEnd(testModule: TestModule): void {
    const { collectDuration, duration } = testModule.diagnostic();
    const root = this.vitest!.config.root;
    const file = path.relative(root, testModule.moduleId).split(path.sep).join('/');
    const project = (this.seconds[testModule.project.name] ??= {});
    project[file] = Math.round((collectDuration + duration) / 100) / 10;
  }

  onTestRunEnd(): void {
    const { root, shard } = this.vitest!.config;
    const projects = Object.keys(this.seconds).sort().join('+');
    if (!projects) return;
    const part = shard ? `-${shard.index}-of-${shard.count}` : '';
    const dir = path.join(root, '.test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `${DURATIONS_REPORT_PREFIX}${projects}${part}.json`),
      `${JSON.stringify(this.seconds)}\n`,
    );
  }
}
