import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium';

/**
 * `npm test`: every check the project has, in order, stopping at the first failing step:
 * lint, type-check, unit (with a coverage summary), build, infra, integration, end-to-end.
 * Ends with one line `N passed, N failed` over all the test suites.
 */
const resultsDir = path.resolve('.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

let passed = 0;
let failed = 0;

function run(title: string, command: string, args: string[]): void {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds}s`);
    console.log(`${passed} passed, ${failed + 1} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

function suite(project: string, wrap: string[] = [], extra: string[] = []): void {
  const report = path.join(resultsDir, `${project}.json`);
  const vitest = [
    'npx',
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extra,
  ];
  const [command, ...args] = [...wrap, ...vitest];
  try {
    run(`${project} tests`, command!, args);
  } finally {
    try {
      const counts = JSON.parse(readFileSync(report, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
      };
      passed += counts.numPassedTests;
      failed += counts.numFailedTests;
    } catch {
      // The suite did not get far enough to write a report; its failure is already printed.
    }
  }
}

/**
 * Browser tests run in a loopback-only network namespace when we are root (DESIGN.md §8): the
 * stack and Chromium see only 127.0.0.1, so WebRTC media never leaves the machine.
 */
function loopbackOnly(): string[] {
  if (process.getuid?.() !== 0) return [];
  const probe = spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore' });
  return probe.status === 0
    ? ['unshare', '-n', 'sh', '-c', 'ip link set lo up && exec "$0" "$@"']
    : [];
}

ensureChromium();
run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
run('type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
// The unit suite reports its coverage (v8, summary only: statements, branches, functions, lines).
suite('unit', [], ['--coverage']);
run('web build', 'npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
suite('infra');
suite('integration');
suite('e2e', loopbackOnly());
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
