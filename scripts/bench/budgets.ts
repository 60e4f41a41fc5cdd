/**
 * The goals `npm run bench` checks: exactly the table at the end of issue 12, with issue 26's
 * call figures, issue 28's simulated day and issue 29's status goal against the floor. A budget is a goal someone decided on, never a
 * figure raised to fit a measurement: when the bench misses one, the code (or the machine) is
 * slower than the goal, and the miss is printed with its gap.
 *
 * Earlier budgets and why they are gone:
 * - handler import 260 ms, first-load JS 200 KB, API p99 300/1,500 ms and 100 req/s: raised to
 *   fit measurements (issues 2–11), and the import and first-load ones are replaced by issue
 *   12's tighter goals below. The API figures were taken with the load generator in the
 *   gateway's own event loop; issue 12 replaces them with a ratio to raw DynamoDB Local.
 * - handler bundle size (80 KB gzip): no issue set it. The bench still prints every handler's
 *   minified and gzip size, without a budget.
 * - the status API over the raw DynamoDB Local Query ≥ 0.9 (issue 12): issue 29 replaced it.
 *   A bare `node:http` server making the same Query in the same process served only 0.68–0.94
 *   of the raw Query on this 2-core machine: one HTTP hop cost about what the goal allowed, so
 *   the goal is now against that floor. The raw ratio is still printed, without a goal.
 *
 * KB are 1,024 bytes, as `kb()` prints them. "This machine" is the 2-core development machine
 * the issue measured on; the figures are local (DynamoDB Local, loopback), not AWS.
 */
export const budgets = {
  /** Issue 12: the landing's first-load JavaScript, gzip, ≤ 100 KB. */
  landingFirstLoadJsGzipBytes: 100 * 1024,
  /** Issue 12: every other route's first-load JavaScript, gzip, ≤ 150 KB. */
  routeFirstLoadJsGzipBytes: 150 * 1024,
  /**
   * Issue 12: Lighthouse 12.8 mobile performance score (its default mobile emulation and
   * simulated throttling): landing ≥ 0.95; the intake (`/patient-telehealth`, spec "Patient
   * request page") and the admin page ≥ 0.90.
   */
  lighthouseMinScore: {
    '/': 0.95,
    '/patient-telehealth': 0.9,
    '/admin': 0.9,
  },
  /** Issue 12: median module import of every bundled handler, AWS SDK included, ≤ 60 ms. */
  handlerImportMedianMs: 60,
  /**
   * Issue 29 item 4: the status API's throughput over the floor's (a bare `node:http` server
   * making the same Query, scripts/bench/floor-server.ts), same run, same concurrency, ≥ 0.9 at
   * c=16 and at c=100: our overhead under 10 % of what one HTTP hop allows.
   */
  statusOverFloorMinRatio: 0.9,
  /** Issue 12: the waiting room with push, 10,000 patients, this machine: p99 ≤ 100 ms, 0 errors. */
  pushWaitingRoom: { patients: 10_000, p99Ms: 100, errors: 0 },
  /**
   * Issue 12, past capacity (the 10,000-patient run without push, ~4,200 req/s offered): every
   * refusal is a 503 with `Retry-After`, the p99 of the refusals ≤ 50 ms, and no timeouts.
   */
  pastCapacity: { patients: 10_000, refusalP99Ms: 50, timeouts: 0 },
  /** Issue 12: requests per waiting patient-minute with push ≤ 6. */
  pushRequestsPerPatientMinute: 6,
  /**
   * Issue 26, on the test network (scripts/bench/call-network.ts): from the end of a network
   * fault to media back in both rooms, p95 ≤ 5 s over at least 10 runs; from the second party
   * joining to the first remote frame, p50 ≤ 1 s.
   */
  callNetwork: { minRuns: 10, faultToMediaP95Ms: 5_000, joinToFrameP50Ms: 1_000 },
  /**
   * Issue 28, over the bench's simulated day (scripts/bench/simulated-day.ts): Stripe fees lost
   * on patients never seen, with authorize-then-capture: $0 (a refund kept the fee, 39¢ each);
   * the wait estimate given at payment within 3 minutes of the real start for at least 80 % of
   * the consultations.
   */
  simulatedDay: { feesLostOnNeverSeenCents: 0, estimateWithinMinShare: 0.8 },
} as const;
