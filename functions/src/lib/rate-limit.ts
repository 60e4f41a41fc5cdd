import { createHash } from 'node:crypto';
import { countCall } from '../db/rate-limit-counters';
import { tooManyRequests } from '../core/errors';

export interface RateLimitRule {
  /** What is being limited, e.g. `application-status`. */
  bucket: string;
  /** Who is limited: a client IP or an account. Stored only as a hash. */
  subject: string;
  limit: number;
  windowSeconds: number;
}

/**
 * The limiter's clock: the real one, unless a test sets its own. Fixed windows and sign-in
 * delays are about time, so integration tests step this clock instead of sleeping, and a run
 * that crosses a minute boundary gives the same answers as one that does not.
 */
let clock: () => number = () => Date.now();

/** Now, on the limiter's clock (epoch milliseconds). */
export function limiterNow(): number {
  return clock();
}

/** Sets the limiter's clock for a test; `undefined` restores the real one. */
export function setLimiterClock(now: (() => number) | undefined): void {
  clock = now ?? (() => Date.now());
}

/** What a counter's key holds of its subject (a client IP, an account): a hash, never the value. */
export function subjectHashOf(subject: string): string {
  return createHash('sha256').update(subject).digest('base64url').slice(0, 32);
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter in DynamoDB: one atomic ADD per call, the item expiring by TTL after its
 * window. Counting continues past the limit so a flood stays refused until the window ends,
 * and a new window lets the real owner back in (no long lock-out).
 */
export async function consumeRateLimit(
  rule: RateLimitRule,
  now = limiterNow(),
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const subjectHash = subjectHashOf(rule.subject);
  // The counter outlives its window by one more, then DynamoDB's TTL removes it.
  const expiresAtSeconds = Math.ceil((windowStart + 2 * windowMs) / 1000);
  const count = await countCall(rule.bucket, subjectHash, windowStart, expiresAtSeconds);
  return {
    allowed: count <= rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/** Consumes one call and throws 429 (with Retry-After) once the limit is passed. */
export async function enforceRateLimit(rule: RateLimitRule, now = limiterNow()): Promise<void> {
  const result = await consumeRateLimit(rule, now);
  if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
}
