import { createHash } from 'node:crypto';
import {
  clearSignInFailures,
  getSignInFailures,
  recordSignInFailure,
  type SignInFailures,
} from '../../db/sign-in-failures';
import { HttpError } from '../../lib/errors';
import { enforceRateLimit, limiterNow } from '../../lib/rate-limit';
import { freeSignInFailures, rateLimitFor, signInDelays } from '../../lib/rate-limits';

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

/** How long after the latest failure the next attempt must wait, in milliseconds. */
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

/** What the handler reports once it has checked the password. */
export interface SignInAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Sign-in limits (issue 10), checked before the password:
 * - per client (`signInClient`): attempts from one address or IPv6 /64 over every account;
 * - per account and client prefix: after a few failures each further attempt from that prefix
 *   waits a growing delay (429 with `Retry-After`), even with the right password.
 * Failures are counted per prefix, never per account alone, so someone guessing from
 * elsewhere never delays the owner signing in from their usual address. Unknown accounts are
 * counted like known ones, so the answers do not tell which accounts exist.
 * `client` is the handler's `clientIp` (already keyed by IPv6 /64).
 */
export async function beginSignIn(
  kind: SignInKind,
  client: string,
  account: string,
): Promise<SignInAttempt> {
  const now = limiterNow();
  await enforceRateLimit(rateLimitFor('signInClient', `${kind}:${client}`), now);
  const subject = failureSubject(kind, account, client);
  const stored = await getSignInFailures(subject);
  // A count whose last failure is older than its lifetime is forgotten (TTL deletes it late).
  const forgotten =
    stored !== null && now - stored.lastFailureAt >= signInDelays.forgetAfterSeconds * 1000;
  const current: SignInFailures | null = forgotten ? null : stored;
  if (current) {
    const waitMs = current.lastFailureAt + signInDelayMs(current.failures) - now;
    if (waitMs > 0) throw tooManySignIns(Math.ceil(waitMs / 1000));
  }
  return {
    async failed() {
      if (forgotten) await clearSignInFailures(subject);
      const at = limiterNow();
      await recordSignInFailure(
        subject,
        at,
        Math.ceil(at / 1000) + signInDelays.forgetAfterSeconds,
      );
    },
    async succeeded() {
      if (stored) await clearSignInFailures(subject);
    },
  };
}
