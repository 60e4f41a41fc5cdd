import { env } from '../core/env';
import type { RateLimitRule } from './rate-limit';

/**
 * Every rate limit of the API in one table (DESIGN.md §6): calls per client and window. The
 * numbers fit a person using the product and stop a script; `RATE_LIMIT_MULTIPLIER` raises them
 * all for test and benchmark stacks, where every client is 127.0.0.1.
 */
export const rateLimitPolicies = {
  /** Application ids are short: without a limit a script could walk the id space. */
  applicationStatus: { limit: 30, windowSeconds: 60 },
  /** New requests (both readings): a family might send a few, nobody sends dozens. */
  intake: { limit: 20, windowSeconds: 600 },
  uploads: { limit: 60, windowSeconds: 60 },
  checkout: { limit: 30, windowSeconds: 60 },
  /** Each call asks Stripe; the verification page calls once per visit. */
  paymentSync: { limit: 60, windowSeconds: 60 },
  /**
   * Sign-in attempts per client (IPv4 address or IPv6 /64), over every account. Failures per
   * account are met with growing delays per client instead (`signInDelays`, issue 10), so a
   * guesser elsewhere never locks the owner out.
   */
  signInClient: { limit: 30, windowSeconds: 60 },
  /** Email lookups would otherwise enumerate who applied. */
  emailCheck: { limit: 30, windowSeconds: 60 },
  applications: { limit: 10, windowSeconds: 600 },
  /** Room entries: a page asks on entry, per reconnect and per ICE restart; a script guesses. */
  roomSession: { limit: 60, windowSeconds: 60 },
  /**
   * Claims per provider account (issue 25, security review M4): a doctor claims a case now and
   * then, and retries a few lost races; a script claiming the queue in a loop is stopped.
   */
  claims: { limit: 30, windowSeconds: 600 },
  /**
   * Case-update tickets per client (issue 25, security review M1): a patient page asks one per
   * (re)connect; without a limit each ticket is a new WebSocket connection to flood with.
   */
  caseTickets: { limit: 30, windowSeconds: 60 },
  /** Alert tickets per provider account: the dashboard asks one per (re)connect. */
  providerTickets: { limit: 30, windowSeconds: 60 },
} as const;

export type RateLimitPolicy = keyof typeof rateLimitPolicies;

/**
 * Growing delays after failed sign-ins of one account from one client prefix
 * (features/auth/login-limits.ts): `freeFailures` cost nothing, then each further attempt waits
 * `firstDelaySeconds` after the previous one, doubling per failure up to `maxDelaySeconds`. A
 * success clears the count; so does `forgetAfterSeconds` without an attempt.
 */
export const signInDelays = {
  freeFailures: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
} as const;

/** The failures a client prefix may make on one account before delays start. */
export function freeSignInFailures(): number {
  return signInDelays.freeFailures * env.rateLimitMultiplier;
}

export function rateLimitFor(policy: RateLimitPolicy, subject: string): RateLimitRule {
  const { limit, windowSeconds } = rateLimitPolicies[policy];
  return { bucket: policy, subject, limit: limit * env.rateLimitMultiplier, windowSeconds };
}
