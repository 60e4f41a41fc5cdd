import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium';

/**
 * `npm test`: every check the project has, stopping at the first failing step. Ends with one
 * line `N passed, N failed` over all the test suites.
 *
 * The steps run in three phases (docs/local-development.md, "Tests"):
 * 1. the offline checks in two lanes at once, one per core: lint, format and infra in one;
 *    type-check, unit (with a coverage summary) and the web build in the other;
 * 2. integration, against one local stack (it needs the web build);
 * 3. end-to-end, Chromium against another, alone: a call needs both cores.
 * A step's output is printed whole when it ends, so the two lanes of phase 1 do not interleave.
 */
const resultsDir = path.resolve('.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

interface Step {
  title: string;
  command: string[];
  /** The suite's JSON report, whose counts go into the last line. */
  report?: string;
}

let passed = 0;
let failed = 0;
const running = new Set<ChildProcess>();

class StepFailed extends Error {}

function command(title: string, argv: string[]): Step {
  return { title, command: argv };
}

function suite(project: string, wrap: string[] = [], extra: string[] = []): Step {
  const report = path.join(resultsDir, `${project}.json`);
  return {
    title: `${project} tests`,
    report,
    command: [
      ...wrap,
      ...['npx', 'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json'],
      `--outputFile.json=${report}`,
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

/** Runs one step with its output held back, then prints the output, the outcome and the time. */
function runStep(step: Step): Promise<void> {
  const started = Date.now();
  const [program, ...args] = step.command;
  return new Promise((resolve, reject) => {
    const child = spawn(program!, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      running.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n▶ ${step.title}`);
      process.stdout.write(Buffer.concat(output));
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

async function main(): Promise<void> {
  ensureChromium();
  const started = Date.now();
  await Promise.all([
    lane([
      command('lint', ['npx', 'eslint', '.', '--max-warnings', '0']),
      command('format', ['npx', 'prettier', '--check', '.', '--log-level', 'warn']),
      suite('infra'),
    ]),
    lane([
      command('type-check', ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit']),
      // The unit suite reports its coverage (v8, summary only) and fails below its thresholds.
      suite('unit', [], ['--coverage']),
      command('web build', [
        ...['npx', 'vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      ]),
    ]),
  ]);
  await runStep(suite('integration'));
  await runStep(suite('e2e', loopbackOnly()));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\n${passed} passed, ${failed} failed (${minutes} min)`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  // The first failing step stops the run: the other lane's step is stopped with it.
  for (const child of running) child.kill('SIGTERM');
  if (!(error instanceof StepFailed)) console.error(error);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
