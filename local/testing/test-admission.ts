import { defaultAdmissionLimits, type AdmissionLimits } from '../gateway/admission';

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
