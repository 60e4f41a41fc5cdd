import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  DURATIONS_REPORT_PREFIX,
  TEST_DURATIONS_FILE,
  type TestDurations,
} from '../local/testing/test-durations';

/**
 * `npm run test:durations`: records how long each test file took in the last `npm test` (what
 * local/testing/durations-reporter.ts wrote into `.test-results/`) in `test-durations.json`
 * (local/testing/test-durations.ts). Run it after a full `npm test` when files were added or
 * became much slower or faster, and commit the table; a file it does not list counts as one of
 * median length until then.
 */

const root = process.cwd();
const resultsDir = path.join(root, '.test-results');

const durations: TestDurations = {};
const reports = readdirSync(resultsDir).filter((name) => name.startsWith(DURATIONS_REPORT_PREFIX));
for (const name of reports) {
  const measured = JSON.parse(readFileSync(path.join(resultsDir, name), 'utf8')) as TestDurations;
  for (const [project, files] of Object.entries(measured)) {
    Object.assign((durations[project] ??= {}), files);
  }
}
if (reports.length === 0) {
  console.error(`No ${DURATIONS_REPORT_PREFIX}*.json in .test-results: run npm test first.`);
  process.exit(1);
}

const byName = <T>(entries: [string, T][]) => entries.sort(([a], [b]) => (a < b ? -1 : 1));
const table = Object.fromEntries(
  byName(Object.entries(durations)).map(([project, files]) => [
    project,
    Object.fromEntries(byName(Object.entries(files))),
  ]),
);
writeFileSync(path.join(root, TEST_DURATIONS_FILE), `${JSON.stringify(table, null, 2)}\n`);
const counts = Object.entries(table).map(([project, files]) => {
  return `${project} ${Object.keys(files).length}`;
});
console.log(`${TEST_DURATIONS_FILE}: ${counts.join(', ')} files`);
