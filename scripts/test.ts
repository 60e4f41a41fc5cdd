import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium';

/**
 * `npm test`: every check the project has, stopping at the first failing step. Ends with one
 * line `N passed, N failed` over all the test suites.
 *
 * The steps run in three phases (docs/local-development.md, "Tests"):
 * 1. the offline checks in two lanes at once, one per core: lint and infra in one; format,
 *    type-check, unit (with a coverage summary) and the web build in the other (lint is the
 *    longest step: the lanes were 320 s and 229 s with format beside lint);
 * 2. integration, against one local stack (it needs the web build);
 * 3. end-to-end, Chromium against another, alone: a call needs both cores.
 * In phase 1 a step's output is printed whole when it ends, so the two lanes do not interleave;
 * the steps of phases 2 and 3 run alone and print as they go.
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
    running.add(child);
    const held: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      running.delete(child);
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
    lane([command('lint', ['npx', 'eslint', '.', '--max-warnings', '0']), suite('infra')]),
    lane([
      command('format', ['npx', 'prettier', '--check', '.', '--log-level', 'warn']),
      command('type-check', ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit']),
      // The unit suite reports its coverage (v8, summary only) and fails below its thresholds.
      suite('unit', [], ['--coverage']),
      command('web build', [
        ...['npx', 'vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      ]),
    ]),
  ]);
  await runStep(suite('integration'), 'live');
  await runStep(suite('e2e', loopbackOnly()), 'live');
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
