import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The feature boundary and cycle rules of eslint.config.js fail on a violation. Only the
 * import-x rules run (the type-aware rules would need the fixtures in the TypeScript project,
 * which keeps them out on purpose).
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function boundaryLinter(): ESLint {
  return new ESLint({
    cwd: repoRoot,
    // The fixtures are ignored by the normal lint run.
    ignore: false,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
  });
}

function ruleIdsOf(results: ESLint.LintResult[]): string[] {
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? ''));
}

// Loading the config and the TypeScript resolver takes seconds on a busy machine.
describe('feature boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it('rejects a deep import into another feature, by alias or relative path', async () => {
    const eslint = boundaryLinter();
    const filePath = `${repoRoot}web/src/features/landing/components/BoundaryFixture.tsx`;
    const code = [
      "export { ApplicationStatusCheck } from '@web/features/doctor-applications/components/ApplicationStatusCheck';",
      "export { VideoAccessPanel } from '../../video-access/components/VideoAccessPanel';",
    ].join('\n');
    const ids = ruleIdsOf(await eslint.lintText(code, { filePath }));
    expect(ids).toEqual(['import-x/no-restricted-paths', 'import-x/no-restricted-paths']);
  });

  it("allows another feature's index.ts and the feature's own files", async () => {
    const eslint = boundaryLinter();
    const filePath = `${repoRoot}web/src/features/landing/components/BoundaryFixture.tsx`;
    const code = [
      "export { ApplicationStatusCheck } from '@web/features/doctor-applications';",
      "export { HeroSection } from '@web/features/landing/components/HeroSection';",
      "export { ProvidersSection } from './ProvidersSection';",
    ].join('\n');
    expect(ruleIdsOf(await eslint.lintText(code, { filePath }))).toEqual([]);
  });

  it('rejects a feature import from a library or shared component', async () => {
    const eslint = boundaryLinter();
    const filePath = `${repoRoot}web/src/lib/BoundaryFixture.ts`;
    const code = "export { ApplicationStatusCheck } from '@web/features/doctor-applications';";
    expect(ruleIdsOf(await eslint.lintText(code, { filePath }))).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('rejects an import cycle', async () => {
    const eslint = boundaryLinter();
    const results = await eslint.lintFiles(['web/eslint-fixtures/cycle-a.ts']);
    expect(ruleIdsOf(results)).toEqual(['import-x/no-cycle']);
  });
});
