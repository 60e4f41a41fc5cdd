import { defaultAdmissionLimits, type AdmissionLimits } from '../gateway/admission';
import type { StackOptions } from '../stack';

/**
 * The admission limits of every stack a test starts (the shared one and the files that start
 * their own). Tests share a busy machine and run the stack in vitest's own processes: a late
 * event loop or a slow turn there is not an overloaded API, and every integration file sends to
 * the shared stack at once (the rate-limit drivers ten requests at a time each), past the
 * product's 32 in flight and 20 ms of queueing. So the event-loop limit is off and the others
 * sit far above the suite's own concurrency: a runaway test still meets them.
 * `local/gateway/load-shedding.int.test.ts` (its own small limits) and `admission.test.ts` test
 * the product's.
 */
export const testAdmissionLimits: AdmissionLimits = {
  ...defaultAdmissionLimits,
  maxInFlight: 256,
  maxQueued: 256,
  maxWaitMs: 2_000,
  maxEventLoopDelayMs: 0,
};

/**
 * scrypt's cost for new passwords on every stack a test starts: N = 2^12 (4 MiB a hash) against
 * production's 2^17 (128 MiB). A provider a test signs in costs four hashes (the approval's
 * temporary password, the first sign-in, the forced change, and its new password), about a
 * third of a core-second each at production's cost; hundreds of accounts made that minutes of
 * the suite. The sign-in code is the same; `sessions.test.ts` checks production's cost, and that
 * Lambda ignores the setting.
 */
const TEST_PASSWORD_HASH_LOG_N = 12;

/** What every stack a test starts sets (`startStack`'s options; a file adds its own). */
export const testStackSettings = {
  admission: testAdmissionLimits,
  passwordHashLogN: TEST_PASSWORD_HASH_LOG_N,
} satisfies Partial<StackOptions>;
