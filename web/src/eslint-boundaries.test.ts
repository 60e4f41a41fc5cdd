import { describe, expect, it } from 'vitest';
import { linterFor, repoRoot, ruleIdsOf } from './testing/eslint';

/**
 * The feature boundary and cycle rules of eslint.config.js fail on a violation. Only the
 * import-x rules run.
 */

const boundaryLinter = () => linterFor((ruleId) => ruleId.startsWith('import-x/'));

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
