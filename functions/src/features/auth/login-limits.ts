import { createHash } from 'node:crypto';
import {
  admitSignInAttempt,
  clearSignInFailures,
  countFreeSignInAttempt,
  getSignInFailures,
  NO_DELAY,
} from '#db/sign-in-failures';
import { HttpError } from '#core/errors';
import { enforceRateLimit, limiterNow } from '#lib/rate-limit';
import { freeSignInFailures, rateLimitFor, signInDelays } from '#lib/rate-limits';

export type SignInKind = 'admin' | 'provider';

/** The 429 of a sign-in inside its delay (the spec words none); `Retry-After` says how long. */
export function tooManySignIns(retryAfterSeconds: number): HttpError {
  const wait = retryAfterSeconds === 1 ? '1 second' : `${retryAfterSeconds} seconds`;
  return new HttpError(
    429,
    `Too many failed sign-in attempts. Please wait ${wait} and try again.`,
    {},
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** How long after `failures` failed attempts the next one must wait, in milliseconds. */
export function signInDelayMs(failures: number): number {
  const beyond = failures - freeSignInFailures();
  if (beyond < 0) return 0;
  const seconds = Math.min(
    signInDelays.maxDelaySeconds,
    signInDelays.firstDelaySeconds * 2 ** Math.min(beyond, 30),
  );
  return seconds * 1000;
}

/** One hash per (kind, account, client prefix): the table holds no email, name or address. */
function failureSubject(kind: SignInKind, account: string, client: string): string {
  return createHash('sha256')
    .update(`${kind}\n${account.trim().toLowerCase()}\n${client}`)
    .digest('base64url')
    .slice(0, 32);
}

/** What the handler reports once the password was right. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
}

/** Attempts that lose the race to count themselves this often are throttled instead. */
const ADMISSION_TRIES = 5;

/**
 * Sign-in limits (issue 10), checked before the password:
 * - per client (`signInClient`): attempts from one address or IPv6 /64 over every account;
 * - per account and client prefix: every attempt counts as failed until it succeeds; after a
 *   few, each further attempt from that prefix waits a growing delay (429 with `Retry-After`),
 *   even with the right password.
 * Attempts are counted per prefix, never per account alone, so someone guessing from elsewhere
 * never delays the owner signing in from their usual address. Each attempt is admitted with a
 * conditional write on the count it read, so parallel attempts are counted one at a time and
 * none skips a delay. Unknown accounts are counted like known ones, so the answers do not tell
 * which accounts exist. `client` is the handler's `clientIp` (already keyed by IPv6 /64).
 */
export async function beginSignIn(
  kind: SignInKind,
  client: string,
  account: string,
): Promise<SignInAttempt> {
  const now = limiterNow();
  await enforceRateLimit(rateLimitFor('signInClient', `${kind}:${client}`), now);
  const subject = failureSubject(kind, account, client);
  const expiresAtSeconds = Math.ceil(now / 1000) + signInDelays.forgetAfterSeconds;
  const attempt = { succeeded: () => clearSignInFailures(subject) };
  // Attempts that leave no delay behind are counted in one atomic write (no race to lose).
  const lastFreeBefore = freeSignInFailures() - 1;
  if (await countFreeSignInAttempt(subject, lastFreeBefore, now, expiresAtSeconds)) return attempt;
  for (let tries = 0; tries < ADMISSION_TRIES; tries += 1) {
    const stored = await getSignInFailures(subject);
    // Attempts older than their lifetime are forgotten (DynamoDB's TTL deletes them late).
    const current =
      stored && now - stored.lastAttemptAt < signInDelays.forgetAfterSeconds * 1000 ? stored : null;
    if (current && current.nextAttemptAt > now) {
      throw tooManySignIns(Math.ceil((current.nextAttemptAt - now) / 1000));
    }
    const failures = (current?.failures ?? 0) + 1;
    const delayMs = signInDelayMs(failures);
    const next = {
      failures,
      lastAttemptAt: now,
      nextAttemptAt: delayMs ? now + delayMs : NO_DELAY,
    };
    if (await admitSignInAttempt(subject, stored, next, expiresAtSeconds)) return attempt;
  }
  throw tooManySignIns(1);
}
