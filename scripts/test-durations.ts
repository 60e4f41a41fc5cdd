import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_DURATIONS_FILE, type TestDurations } from '../local/testing/test-durations';

/**
 * `npm run test:durations`: records how long each test file took in the last `npm test`, from
 * the suites' JSON reports in `.test-results/`, into `test-durations.json`
 * (local/testing/test-durations.ts). Run it after a full `npm test` when files were added or
 * became much slower or faster, and commit the table; a file it does not list counts as one of
 * median length until then.
 */

interface JsonReport {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const root = process.cwd();
const resultsDir = path.join(root, '.test-results');
/** `e2e-pages-1-of-2.json` is part of `e2e-pages` (scripts/test.ts names the reports). */
const PROJECT_OF_REPORT = /^(.+?)(?:-\d+-of-\d+)?\.json$/;

const durations: TestDurations = {};
for (const name of readdirSync(resultsDir).sort()) {
  const project = PROJECT_OF_REPORT.exec(name)?.[1];
  if (!project) continue;
  const report = JSON.parse(readFileSync(path.join(resultsDir, name), 'utf8')) as JsonReport;
  const files = (durations[project] ??= {});
  for (const result of report.testResults) {
    const file = path.relative(root, result.name).split(path.sep).join('/');
    files[file] = Math.round((result.endTime - result.startTime) / 100) / 10;
  }
}
const sorted = Object.fromEntries(
  Object.entries(durations)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([project, files]) => [
      project,
      Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))),
    ]),
);
writeFileSync(path.join(root, TEST_DURATIONS_FILE), `${JSON.stringify(sorted, null, 2)}\n`);
const counts = Object.entries(sorted).map(([project, files]) => {
  return `${project} ${Object.keys(files).length}`;
});
console.log(`${TEST_DURATIONS_FILE}: ${counts.join(', ')} files`);
