import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linterFor, repoRoot } from './testing/eslint';

/**
 * Only web/src/testing/api-mock.ts stubs `fetch` in the web tests (eslint.config.js). The
 * fixture holds every way of stubbing it the rule knows, and two stubs of other globals; its
 * text is linted as if it lived at each path below.
 */

const fixture = readFileSync(`${repoRoot}web/eslint-fixtures/fetch-stubs.ts`, 'utf8');
const STUB_COUNT = 7;

async function fetchStubLines(path: string): Promise<number[]> {
  const eslint = linterFor((ruleId) => ruleId === 'no-restricted-syntax');
  const [result] = await eslint.lintText(fixture, { filePath: `${repoRoot}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.message.includes('web/src/testing/api-mock.ts'))
    .map((message) => message.line);
}

/** The lines of the fixture that stub `fetch`: from the first stub to the blank line after. */
function stubLinesOfFixture(): number[] {
  const lines = fixture.split('\n');
  const first = lines.findIndex((line) => line.startsWith("vi.stubGlobal('fetch'"));
  return Array.from({ length: STUB_COUNT }, (_, index) => first + index + 1);
}

// Loading the config takes seconds on a busy machine.
describe('fetch stubs outside the request mock (eslint.config.js)', { timeout: 60_000 }, () => {
  it.each([
    'web/src/features/landing/pages/FetchStubFixture.test.tsx',
    'web/src/lib/fetch-stub-fixture.test.ts',
    'web/src/testing/fetch-stub-fixture.ts',
    'web/src/features/admin/testing/fetch-stub-fixture.ts',
  ])('rejects every stub of fetch in %s, and no other global', async (path) => {
    expect(await fetchStubLines(path)).toEqual(stubLinesOfFixture());
  });

  it("keeps the rule's other entry (zod's namespace import) in the web tests", async () => {
    const eslint = linterFor((ruleId) => ruleId === 'no-restricted-syntax');
    const filePath = `${repoRoot}web/src/lib/zod-import-fixture.test.ts`;
    const [result] = await eslint.lintText("import { z } from 'zod';\nexport const s = z;", {
      filePath,
    });
    expect(result?.messages.map((message) => message.message)).toEqual([
      expect.stringContaining("import * as z from 'zod'"),
    ]);
  });

  it('allows them in web/src/testing/api-mock.ts', async () => {
    expect(await fetchStubLines('web/src/testing/api-mock.ts')).toEqual([]);
  });
});
