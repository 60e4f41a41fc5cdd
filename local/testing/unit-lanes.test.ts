import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unitFilesToIsolate } from './unit-lanes';

/** A call in a fixture's text, built so that this file's own text holds no such call. */
const call = (callee: string, args: string) => `${callee}(${args});\n`;

describe('the unit lanes', () => {
  const fixtures = mkdtempSync(path.join(os.tmpdir(), 'unit-lanes-'));
  afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

  it('isolates a unit file that mocks a module or an SDK client, and nothing else', () => {
    const files = {
      // A jsdom file shares its worker's window: the teardown puts the window back.
      'web/lib/Hook.test.tsx': `// @${'vitest-environment'} jsdom\nimport { renderHook } from 'x';\n`,
      'web/lib/node.test.ts': `// @${'vitest-environment'} node\n`,
      'web/pages/Page.test.tsx': call('vi.mock', "'../lib/navigate-away', () => ({})"),
      'functions/deep/er/handler.test.ts': call('vi.doMock', "'./end', () => ({})"),
      'functions/adapters/queue.test.ts': call('const sqs = mockClient', 'SQSClient'),
      'functions/deep/typed.test.ts': call('vi.mocked', 'endMeeting'),
      'functions/deep/stack.int.test.ts': call('vi.mock', "'./end'"),
      'web/node_modules/lib/module.test.ts': call('vi.mock', "'./x'"),
      'web/testing/helper.ts': call('vi.mock', "'./x'"),
      'infra/stage.test.ts': call('vi.mock', "'./x'"),
      'boundaries.test.ts': call('vi.mock', "'./x'"),
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(fixtures, name)), { recursive: true });
      writeFileSync(path.join(fixtures, name), text);
    }
    expect(unitFilesToIsolate(fixtures, ['functions', 'web'])).toEqual([
      'boundaries.test.ts',
      'functions/adapters/queue.test.ts',
      'functions/deep/er/handler.test.ts',
      'web/pages/Page.test.tsx',
    ]);
  });

  it("finds this repository's files to isolate, and only those", () => {
    const files = unitFilesToIsolate(process.cwd());
    expect(files).toEqual(
      expect.arrayContaining([
        'web/src/features/patient-intake/pages/PatientPage.test.tsx',
        'scripts/dead-letters/sqs-queue.test.ts',
      ]),
    );
    expect(files).not.toContain('local/testing/unit-lanes.test.ts');
    expect(files).not.toContain('local/gateway/aws-apis.test.ts');
    expect(files).not.toContain('web/src/app/router.test.tsx');
  });
});
