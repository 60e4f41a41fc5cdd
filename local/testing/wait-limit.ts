/**
 * How long any test waits for something to happen before it fails (issue 30 item 4): every
 * `expect.poll` (vitest.config.ts), `pollUntil` and `withTimeout` (poll.ts) unless a wait names
 * its own. A wait ends as soon as its check passes, so this only bounds how long a failing check
 * takes to say so. 15 s covers the slowest path a test waits on (a Stripe webhook through the
 * local stand-in to a dashboard's socket, on a busy 2-core machine); vitest's own default, 1 s,
 * failed such waits for a slow machine, not a wrong product. A wait longer by design (a
 * meeting's end) names its own.
 */
export const WAIT_LIMIT_MS = 15_000;
