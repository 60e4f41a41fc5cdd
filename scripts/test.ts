import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KEPT_SYNTHS_DIR } from '../infra/test/kept-synths';
import { E2E_CALLS_PROJECT, E2E_PAGES_PROJECT } from '../local/testing/e2e-lanes';
import { UNIT_ISOLATED_PROJECT, UNIT_PROJECT } from '../local/testing/unit-lanes';
import { ensureChromium } from './ensure-chromium';
import { LOOPBACK_NAMESPACE } from './loopback-namespace';

/**
 * `npm test`: every check the project has, stopping after the first phase with a failing step
 * (the other steps of that phase run to their end, so the log shows every failure of the
 * phase, not only the first). Ends with one line `N passed, N failed` over the test suites run.
 *
 * The steps run in three phases (docs/local-development.md, "Tests"):
 * 1. infra beside unit (with a coverage summary) and the web build, each suite on both cores;
 * 2. integration, against one local stack (it needs the web build), beside the end-to-end
 *    calls against another: the calls mostly wait on the server's clocks (alone they kept 37 %
 *    of the two cores busy); the static checks (lint, then the format and type checks) start
 *    here, at the lowest priority (`idle`), on the CPU the tests leave;
 * 3. the end-to-end pages in three parts at once, each a Vitest shard with a stack of its own,
 *    beside what is left of the static checks. One after the other, the pages (438 s) and the
 *    calls (344 s) were longer than the 12 minutes the whole suite is meant to take. The shards
 *    are of equal expected time (local/testing/test-durations.ts).
 * A formatting or type error is reported when the check ends, and fails the run at the end of
 * phase 3 with everything else that failed (or at the end of phase 2, if that phase failed).
 * All of integration and the end-to-end suite at once, with lint, kept both cores 100 % busy
 * for eight minutes and took longer (integration went from 450 to 707 s), and load-bound tests
 * failed. A step beside another has its output printed whole when it ends, so the lanes do not
 * interleave; integration prints as it goes, so a CI log shows a slow file.
 */
const resultsDir = path.resolve('.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/**
 * The infra suite's two bundling synths are kept here for the integration suite's replay of the
 * sample events, which would otherwise bundle every handler a third time
 * (infra/test/kept-synths.ts). Outside the repository: a staged bundle must find no
 * node_modules above it.
 */
const keptSynthsDir = mkdtempSync(path.join(tmpdir(), 'telehealth-test-synths-'));
process.env[KEPT_SYNTHS_DIR] = keptSynthsDir;
process.on('exit', () => rmSync(keptSynthsDir, { recursive: true, force: true }));
// Interrupted, the run still removes them (a few hundred megabytes): the steps, in the same
// process group, get the signal too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

interface Step {
  title: string;
  command: string[];
  /** The suite's JSON report, whose counts go into the last line. */
  report?: string;
}

let passed = 0;
let failed = 0;

class StepFailed extends Error {}

/** A phase in which at least one step failed; the steps are named in the message. */
class PhaseFailed extends Error {}

function command(title: string, argv: string[]): Step {
  return { title, command: argv };
}

interface SuiteOptions {
  /** Projects run in the same Vitest run, under the first one's title (one coverage report). */
  also?: string[];
  /** A command the suite runs under (a network namespace). */
  wrap?: string[];
  /** More arguments for Vitest. */
  extra?: string[];
  /**
   * One of `count` parts of the suite (Vitest's `--shard`, parts of equal expected time from
   * test-durations.json: local/testing/duration-sequencer.ts). Each part is a Vitest run of its
   * own, with its own global setup: an end-to-end part starts a stack of its own.
   */
  shard?: { index: number; count: number };
}

function suite(
  project: string,
  { also = [], wrap = [], extra = [], shard }: SuiteOptions = {},
): Step {
  const part = shard ? `${shard.index} of ${shard.count}` : undefined;
  const report = path.join(
    resultsDir,
    `${project}${part ? `-${part.replaceAll(' ', '-')}` : ''}.json`,
  );
  return {
    title: `${project} tests${part ? ` (part ${part})` : ''}`,
    report,
    command: [
      ...wrap,
      ...['npx', 'vitest', 'run', ...[project, ...also].flatMap((name) => ['--project', name])],
      ...['--reporter=default', '--reporter=json'],
      // Each file's time for `npm run test:durations` (local/testing/durations-reporter.ts).
      '--reporter=./local/testing/durations-reporter.ts',
      `--outputFile.json=${report}`,
      ...(shard ? [`--shard=${shard.index}/${shard.count}`] : []),
      ...extra,
    ],
  };
}

function countReport(report: string): void {
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

/**
 * Runs one step, then prints its outcome and time. A step beside another (`held`) has its output
 * held back and printed whole when it ends; a step that runs alone prints as it goes.
 */
function runStep(step: Step, output: 'held' | 'live' = 'held'): Promise<void> {
  const started = Date.now();
  const [program, ...args] = step.command;
  if (output === 'live') console.log(`\n▶ ${step.title}`);
  return new Promise((resolve, reject) => {
    const child = spawn(program!, args, {
      env: process.env,
      stdio: [
        'ignore',
        output === 'live' ? 'inherit' : 'pipe',
        output === 'live' ? 'inherit' : 'pipe',
      ],
    });
    const held: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output === 'held') {
        console.log(`\n▶ ${step.title}`);
        process.stdout.write(Buffer.concat(held));
      }
      if (step.report) countReport(step.report);
      if (code === 0) {
        console.log(`✔ ${step.title} (${seconds}s)`);
        resolve();
      } else {
        console.error(`✖ ${step.title} failed after ${seconds}s${signal ? ` (${signal})` : ''}`);
        reject(new StepFailed(step.title));
      }
    });
  });
}

async function lane(steps: Step[]): Promise<void> {
  for (const step of steps) await runStep(step);
}

/**
 * Runs a phase's lanes at once and waits for all of them, a failing one included: a step
 * stopped half-way would leave its held output, and any failure in it, unprinted.
 */
async function phase(lanes: Promise<void>[]): Promise<void> {
  const outcomes = await Promise.allSettled(lanes);
  const reasons = outcomes.flatMap((outcome) =>
    outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
  );
  // A step that failed has printed its output; anything else (a command that could not start)
  // is printed here.
  for (const reason of reasons) if (!(reason instanceof StepFailed)) console.error(reason);
  if (reasons.length > 0) {
    const what = reasons.map((reason) => (reason instanceof Error ? reason.message : 'error'));
    throw new PhaseFailed(`failed: ${what.join(', ')}`);
  }
}

/**
 * Browser tests run in a loopback-only network namespace when we are root (DESIGN.md §8): the
 * stack and Chromium see only 127.0.0.1, so WebRTC media never leaves the machine.
 */
function loopbackOnly(): string[] {
  if (process.getuid?.() !== 0) return [];
  const probe = spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore' });
  return probe.status === 0 ? [...LOOPBACK_NAMESPACE] : [];
}

/**
 * The end-to-end pages run in this many Vitest shards at once. They wait on the stack's clocks
 * more than they compute: in two shards beside the format and type checks they kept 75 % of the
 * cores busy and took 225 s; in three, 97 % and 200 s (30 November 2026).
 */
const PAGE_SHARDS = 3;
const pageShards = Array.from({ length: PAGE_SHARDS }, (_, index) => index + 1);

/**
 * A check that needs no core of its own, at the lowest priority (`nice` 19): it runs on the CPU
 * the tests beside it leave idle while they wait on clocks, and slows them little.
 */
function idle(argv: string[]): string[] {
  return ['nice', '-n', '19', ...argv];
}

async function main(): Promise<void> {
  ensureChromium();
  const started = Date.now();
  await phase([
    runStep(suite('infra')),
    lane([
      // The unit suite reports its coverage (v8, summary only) and fails below its thresholds.
      suite(UNIT_PROJECT, { also: [UNIT_ISOLATED_PROJECT], extra: ['--coverage'] }),
      command('web build', [
        ...['npx', 'vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      ]),
    ]),
  ]);
  const integration = runStep(suite('integration'), 'live');
  const calls = runStep(suite(E2E_CALLS_PROJECT, { wrap: loopbackOnly() }));
  // The static checks need no stack and no core of their own: lint, then the format and type
  // checks, run from the start of phase 2 at the lowest priority, on the CPU that integration
  // and the calls leave idle while they wait on the stacks' clocks (without lint they kept 82 %
  // of the two cores busy; the last minute and a half of the phase, 67-88 %).
  const staticChecks = lane([
    command('lint', idle(['npx', 'eslint', '.', '--max-warnings', '0'])),
    command('format', idle(['npx', 'prettier', '--check', '.', '--log-level', 'warn'])),
    command('type-check', idle(['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'])),
  ]);
  try {
    await phase([integration, calls]);
  } catch (error) {
    // The run stops here, but not before the static checks have ended and printed.
    await staticChecks.catch(() => undefined);
    throw error;
  }
  await phase([
    ...pageShards.map((index) =>
      runStep(
        suite(E2E_PAGES_PROJECT, { wrap: loopbackOnly(), shard: { index, count: PAGE_SHARDS } }),
      ),
    ),
    // What the static checks have left runs beside the pages, on what they leave idle.
    staticChecks,
  ]);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\n${passed} passed, ${failed} failed (${minutes} min)`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  // A failed phase stops the run; its steps are named, and the count is of the tests run.
  console.error(error instanceof PhaseFailed ? `\n✖ ${error.message}` : error);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(1);
});
