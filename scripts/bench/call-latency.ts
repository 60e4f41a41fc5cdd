import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { signInContext } from '../../e2e/browser';
import {
  inOwnNetworkNamespace,
  launchCallBrowser,
  newCallPage,
  waitForRemoteFrames,
} from '../../e2e/call';
import { startStack } from '#local/stack';
import { claimCase, joinLinks, startTimer } from '#local/testing/consultation-journey';
import { newPaidCaseId, withPatientKey } from '#local/testing/patient-journey';
import { signInProvider } from '#local/testing/provider-journey';
import { inLoopbackNamespace } from '../loopback-namespace';
import { ms, percentile, table } from './stats';

/**
 * `npx tsx scripts/bench/call-latency.ts` (after `npm run build`): issue 9's two call figures on
 * loopback (as root it re-runs itself in a loopback-only network namespace, like the e2e tests).
 * - Second join → first remote frame: the doctor's room is open and the meeting started; the
 *   time runs from the patient's room starting to load until both rooms have presented remote
 *   video frames (the later of the two).
 * - endsAt → both rooms closed: from the server's `endsAt` until both rooms show the end screen
 *   (the later of the two), read on this machine's clock, which the stack shares.
 */
const CALLS = Number(process.env.CALLS ?? 20);
const MEETING_SECONDS = Number(process.env.MEETING_SECONDS ?? 20);

interface CallFigures {
  /** Null when the call never showed remote frames within the wait (counted, not hidden). */
  joinToFramesMs: number | null;
  endsAtToClosedMs: number;
}

export async function measureCalls(): Promise<CallFigures[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'telehealth-bench-calls-'));
  const stack = await startStack({
    dataDir,
    web: 'dist',
    logLevel: 'error',
    rateLimitMultiplier: 1_000_000,
    // One provider claims every case of the run.
    maxActiveClaims: 1_000_000,
    meetingDurationSeconds: MEETING_SECONDS,
  });
  const browser = await launchCallBrowser();
  try {
    const provider = await signInProvider(stack);
    const figures: CallFigures[] = [];
    for (let call = 0; call < CALLS; call += 1) {
      const caseId = await newPaidCaseId(stack);
      await claimCase(stack, provider, caseId);
      const { endsAt } = await startTimer(stack, provider, caseId);
      const links = await joinLinks(stack, provider, caseId);
      const providerRoom = await newCallPage(browser);
      await signInContext(providerRoom, stack, provider);
      await providerRoom.goto(links.providerJoinUrl);
      await providerRoom.getByRole('timer').waitFor();
      const patientRoom = await newCallPage(browser);

      const joined = performance.now();
      // The patient's link with the patient's key, as the patient's browser holds it (ADR 0012).
      await patientRoom.goto(withPatientKey(links.patientJoinUrl, caseId));
      const connected = await Promise.all([
        waitForRemoteFrames(providerRoom, 1),
        waitForRemoteFrames(patientRoom, 1),
      ]).then(
        () => true,
        (error: unknown) => {
          console.error(`call ${call}: ${error instanceof Error ? error.message : String(error)}`);
          return false;
        },
      );
      const joinToFramesMs = connected ? performance.now() - joined : null;

      const closedAt = await Promise.all(
        [providerRoom, patientRoom].map(async (room) => {
          await room
            .getByRole('heading', { name: 'Consultation Ended' })
            .waitFor({ timeout: (MEETING_SECONDS + 90) * 1000 });
          return Date.now();
        }),
      );
      figures.push({
        joinToFramesMs,
        endsAtToClosedMs: Math.max(...closedAt) - Date.parse(endsAt),
      });
      await providerRoom.close();
      await patientRoom.close();
    }
    return figures;
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(figures: CallFigures[]): void {
  const joins = figures
    .map((call) => call.joinToFramesMs)
    .filter((value): value is number => value !== null)
    .sort((a, b) => a - b);
  const failed = figures.length - joins.length;
  const ends = figures.map((call) => call.endsAtToClosedMs).sort((a, b) => a - b);
  console.log(
    `Calls on loopback (${figures.length} calls, ${MEETING_SECONDS} s meetings; ` +
      `${failed} without remote frames in 15 s)\n`,
  );
  console.log(
    table(
      ['figure', 'p50', 'p95', 'max'],
      [
        [
          'second join → first remote frame (both rooms)',
          ms(percentile(joins, 0.5)),
          ms(percentile(joins, 0.95)),
          ms(joins.at(-1)!),
        ],
        [
          'endsAt → both rooms closed',
          ms(percentile(ends, 0.5)),
          ms(percentile(ends, 0.95)),
          ms(ends.at(-1)!),
        ],
      ],
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.getuid?.() === 0 && !inOwnNetworkNamespace()) {
    const rerun = spawnSync(
      ...inLoopbackNamespace([process.execPath, ...process.execArgv, ...process.argv.slice(1)]),
      { stdio: 'inherit' },
    );
    process.exit(rerun.status ?? 1);
  }
  report(await measureCalls());
}
