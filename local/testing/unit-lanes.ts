import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The unit suite runs in two Vitest projects (docs/local-development.md, "Tests"):
 * - `unit`: the files without isolation. A worker imports React, the testing helpers, the AWS SDK
 *   and the handlers once and runs file after file on them; isolated, each of the 234 files
 *   imported its own copy: 274 CPU-s for the suite with coverage, against 134 now. The jsdom files
 *   of a worker share one window (Vitest sets the environment up once for a worker's batch of
 *   files), and `unit-file-teardown.ts` ends each file by putting the window back and undoing its
 *   stubs.
 * - `unit-isolated`: the files that replace something for the whole process, which a later file
 *   of a shared worker would inherit or miss:
 *   - a module, with `vi.mock`: the mock reaches only the modules imported after it, so a page
 *     an earlier file had imported kept the real one (PatientPage.test.tsx's `navigateAway` was
 *     never called);
 *   - every client of an AWS SDK class, with aws-sdk-client-mock's `mockClient`, which stubs the
 *     class's `send`: a later file's real SQS client met the stub (local/gateway/aws-apis.test.ts
 *     failed in one order of the files).
 * `npm test` and `npm run test:unit` run both in one Vitest run, with one coverage report.
 */
export const UNIT_PROJECT = 'unit';
export const UNIT_ISOLATED_PROJECT = 'unit-isolated';

/** Where unit test files live below the repository root, besides the root's own. */
export const UNIT_ROOTS = ['shared', 'functions', 'local', 'web', 'scripts'];

const UNIT_FILE = /(?<!\.int|\.e2e)\.test\.tsx?$/;
/** A mocked module or a mocked SDK client: see above. */
const NEEDS_ISOLATION = [/\bvi\.(?:mock|doMock)\(/, /\bmockClient\(/];

/**
 * The unit test files in `root` and below `roots` (joined to `root`) that must run isolated, as
 * paths relative to `root` with forward slashes. Deriving the list puts a new file with a mock in
 * the isolated project without anyone remembering to list it.
 */
export function unitFilesToIsolate(root: string, roots: string[] = UNIT_ROOTS): string[] {
  const below = (dir: string) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => !name.split(path.sep).includes('node_modules'))
      .map((name) => path.join(dir, name));
  const rootFiles = readdirSync(root, { encoding: 'utf8' });
  return [...rootFiles, ...roots.flatMap(below)]
    .filter((file) => UNIT_FILE.test(file))
    .filter((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return NEEDS_ISOLATION.some((pattern) => pattern.test(text));
    })
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}
