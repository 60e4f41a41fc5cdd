import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The unit suite runs in two Vitest projects (docs/local-development.md, "Tests"):
 * - `unit`: the Node files, without isolation. A worker imports the AWS SDK, middy, zod and the
 *   handlers once and runs file after file on them (171 files took 68 CPU-s isolated, 25 not).
 *   `unit-file-teardown.ts` undoes what a file stubbed.
 * - `unit-isolated`: the files that would leave something to the next file of a shared worker:
 *   - a browser window (`@vitest-environment jsdom`): a shared worker shares one window among
 *     its files, so its DOM, storage, location and prototypes carry over (a page an earlier
 *     file left rendered gave `router.test.tsx` two banners);
 *   - a module mocked with `vi.mock`: the mock reaches only the modules imported after it, so
 *     a page an earlier file had imported kept the real one (PatientPage.test.tsx's
 *     `navigateAway` was never called);
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
/** A browser window, a mocked module or a mocked SDK client: see above. */
const NEEDS_ISOLATION = [
  /@vitest-environment\s+jsdom\b/,
  /\bvi\.(?:mock|doMock)\(/,
  /\bmockClient\(/,
];

/**
 * The unit test files in `root` and below `roots` (joined to `root`) that must run isolated, as
 * paths relative to `root` with forward slashes. Deriving the list puts a new file with a window
 * or a mock in the isolated project without anyone remembering to list it.
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
