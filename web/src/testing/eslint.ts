import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/** The tests of the lint rules of eslint.config.js. */

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The repository's lint config, running only the rules `keep` names. Type-aware rules would need
 * the linted files in the TypeScript project, which keeps the fixtures out on purpose.
 */
export function linterFor(keep: (ruleId: string) => boolean): ESLint {
  return new ESLint({
    cwd: repoRoot,
    // The fixtures are ignored by the normal lint run.
    ignore: false,
    overrideConfig: { languageOptions: { parserOptions: { project: false } } },
    ruleFilter: ({ ruleId }) => keep(ruleId),
  });
}

export function ruleIdsOf(results: ESLint.LintResult[]): string[] {
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? ''));
}
