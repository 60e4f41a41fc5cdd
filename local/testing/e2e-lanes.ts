import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The end-to-end suite runs in two Vitest projects (docs/local-development.md, "Tests").
 * - `e2e-pages`: pages driven one file at a time, which mostly wait on the stack and its clocks;
 *   `npm test` runs them in three shards at once, each with a stack of its own.
 * - `e2e-calls`: the files that hold a WebRTC call between two Chromium pages. A call encodes and
 *   decodes video on both pages, so no other browser runs beside them: `npm test` runs them
 *   beside the integration suite, which has no browser.
 */
export const E2E_PAGES_PROJECT = 'e2e-pages';
export const E2E_CALLS_PROJECT = 'e2e-calls';

/** Whether a Vitest project is one of the two end-to-end projects (their stack's settings). */
export function isE2eProject(name: string): boolean {
  return name === E2E_PAGES_PROJECT || name === E2E_CALLS_PROJECT;
}

const E2E_FILE = /\.e2e\.test\.ts$/;
/** Every call is set up with e2e/call.ts (the call browser, its pages, the remote frames). */
const IMPORTS_CALL_HELPERS = /\bfrom\s+['"]\.\/call['"]/;

/**
 * The end-to-end files of `dir` that hold a call, as paths joined to `dir`: those that import
 * the call helpers. Deriving the list keeps a new call file out of the concurrent lane without
 * anyone remembering to list it.
 */
export function e2eCallFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => E2E_FILE.test(name))
    .filter((name) => IMPORTS_CALL_HELPERS.test(readFileSync(path.join(dir, name), 'utf8')))
    .sort()
    .map((name) => path.join(dir, name));
}
