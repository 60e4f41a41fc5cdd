import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { takePermissionDenials } from '../gateway/permission-check';
import { seedAdmin } from '../seed';
import { startStack, type RunningStack } from '../stack';
import { isE2eProject } from './e2e-lanes';
import { forgetStoredSteps, signInWithSecondFactor } from './second-factor';
import { testStackSettings } from './test-stack-settings';

export interface TestStack {
  appUrl: string;
  mailboxUrl: string;
  stripeUrl: string;
  handlerEnvironment: Record<string, string>;
  /**
   * The shared stack's administrator for this test file. Global setup enrols a few per worker
   * (issue 25) and `useTestStack` takes the worker's next; other stacks' admins enrol at first
   * sign-in.
   */
  admin: TestAdmin;
}

export interface TestAdmin {
  username: string;
  password: string;
  totpSecret?: string;
}

/** What global setup hands the workers: the stack, with an administrator for each worker. */
export interface ProvidedStack extends Omit<TestStack, 'admin'> {
  /** Each worker's administrators, `adminsPerWorker` a worker, in VITEST_POOL_ID order. */
  admins: TestAdmin[];
  adminsPerWorker: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: ProvidedStack;
  }
}

/**
 * Starts the real local stack (DynamoDB Local, s3rver, mailbox, Stripe stand-in, gateway) on
 * free ports with a fresh data directory, once per suite, and hands its addresses to the tests.
 */
/**
 * The claim lease of the e2e stack: short, so a browser test can watch a claim lapse (issue 8);
 * long enough for the claim race test to finish first. Other suites keep the default.
 */
export const E2E_CLAIM_LEASE_SECONDS = 20;
/** The e2e stack's meeting length: a browser test watches a whole call end on the server clock. */
export const E2E_MEETING_DURATION_SECONDS = 20;

/** How many workers run this project's files at once (`maxWorkers`, from config or CLI). */
function workerCount(project: TestProject): number {
  const configured = Number(project.config.maxWorkers ?? project.vitest.config.maxWorkers);
  return Number.isInteger(configured) && configured > 0 ? configured : 1;
}

/**
 * Administrators per worker: a worker's test files take them in turn (stack-context.ts).
 * The server takes a TOTP code of an account once, and accepts only the codes of the three steps
 * around now (issue 25): an account can sign in three times in 30 seconds, then its next sign-in
 * waits for a new step, up to 30 s, which a test that signs a provider in first (an admin
 * approves the provider) does not have. Four accounts in turn keep that wait away.
 */
const ADMINS_PER_WORKER = 4;

/**
 * The workers' administrators, each enrolled by its first sign-in like anyone else: worker w
 * takes `admins[(w - 1) * ADMINS_PER_WORKER …]`. Workers never share one: two workers signing in
 * one admin in the same step would refuse each other's codes. The first is the stack's own.
 */
async function enrolWorkerAdmins(stack: RunningStack, workers: number): Promise<TestAdmin[]> {
  const admins: TestAdmin[] = [stack.admin];
  for (let index = 2; index <= workers * ADMINS_PER_WORKER; index += 1) {
    const admin = { username: `${stack.admin.username}-${index}`, password: stack.admin.password };
    await seedAdmin({ ...admin, email: `${admin.username}@telehealth.local` });
    admins.push(admin);
  }
  return Promise.all(
    admins.map(async (admin) => {
      const { secret: totpSecret } = await signInWithSecondFactor(stack, 'admin', admin);
      return { ...admin, totpSecret };
    }),
  );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'telehealth-test-'));
  const stack = await startStack({
    dataDir,
    web: 'dist',
    logLevel: 'warn',
    // Every test client is 127.0.0.1; the 429 paths have unit tests and their own counters.
    rateLimitMultiplier: 1000,
    // Test files claim many cases with one provider; the one-claim rule has its own stack
    // (functions/src/features/cases/claim-limits.int.test.ts).
    maxActiveClaims: 1000,
    ...testStackSettings,
    admin: { username: 'test-admin', password: 'test-admin-password-1234' },
    // Most tests start calls through the API with no doctor's room page: the join check
    // (docs/adr/0023) must not put them back in the queue mid-suite. no-show.int.test.ts has a
    // stack of its own with a short grace.
    providerJoinGraceSeconds: 3600,
    // The watcher gave up on a service and stopped the stack: say so, or every test just fails.
    onFatal: (message) => console.error(`\nThe test stack stopped: ${message}`),
    ...(isE2eProject(project.name)
      ? {
          claimLeaseSeconds: E2E_CLAIM_LEASE_SECONDS,
          meetingDurationSeconds: E2E_MEETING_DURATION_SECONDS,
        }
      : {}),
  });
  project.provide('stack', {
    appUrl: stack.appUrl,
    mailboxUrl: stack.mailboxUrl,
    stripeUrl: stack.stripeUrl,
    handlerEnvironment: stack.handlerEnvironment,
    admins: await enrolWorkerAdmins(stack, workerCount(project)),
    adminsPerWorker: ADMINS_PER_WORKER,
  });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    forgetStoredSteps(stack);
    // A call the local IAM check refused fails the suite even if its handler swallowed the
    // error (a best-effort push): in AWS it would have been refused just the same.
    const denials = takePermissionDenials();
    if (denials.length > 0) {
      // Vitest only logs a teardown error; the exit code is what CI sees.
      process.exitCode = 1;
      throw new Error(
        `The local IAM check refused ${denials.length} call(s) no handler declared ` +
          `(functions/src/handler-permissions.ts):\n` +
          [...new Set(denials.map((denial) => `${denial.handler}: ${denial.what}`))].join('\n'),
      );
    }
  };
}
