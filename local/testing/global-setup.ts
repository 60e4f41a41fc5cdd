import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { takePermissionDenials } from '../gateway/permission-check';
import { startStack } from '../stack';
import { signInWithSecondFactor } from './second-factor';
import { testAdmissionLimits } from './test-admission';

export interface TestStack {
  appUrl: string;
  mailboxUrl: string;
  stripeUrl: string;
  handlerEnvironment: Record<string, string>;
  /**
   * The shared stack's administrator. Global setup enrols it (issue 25) and hands every worker
   * its TOTP secret, so they all answer its codes; other stacks' admins enrol at first sign-in.
   */
  admin: { username: string; password: string; totpSecret?: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: TestStack;
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
    admission: testAdmissionLimits,
    admin: { username: 'test-admin', password: 'test-admin-password-1234' },
    // Most tests start calls through the API with no doctor's room page: the join check
    // (docs/adr/0023) must not put them back in the queue mid-suite. no-show.int.test.ts has a
    // stack of its own with a short grace.
    providerJoinGraceSeconds: 3600,
    // The watcher gave up on a service and stopped the stack: say so, or every test just fails.
    onFatal: (message) => console.error(`\nThe test stack stopped: ${message}`),
    ...(project.name === 'e2e'
      ? {
          claimLeaseSeconds: E2E_CLAIM_LEASE_SECONDS,
          meetingDurationSeconds: E2E_MEETING_DURATION_SECONDS,
        }
      : {}),
  });
  // The first sign-in enrols the admin like anyone else; every worker then knows its secret.
  const { secret: totpSecret } = await signInWithSecondFactor(stack, 'admin', stack.admin);
  project.provide('stack', {
    appUrl: stack.appUrl,
    mailboxUrl: stack.mailboxUrl,
    stripeUrl: stack.stripeUrl,
    handlerEnvironment: stack.handlerEnvironment,
    admin: { ...stack.admin, totpSecret },
  });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
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
