import * as z from 'zod';
import type { ItemKey } from './keys';
import { parseStored } from './records';
import { conditionalUpdate, deleteItem, getItem } from './table';

/**
 * Sign-in attempts of one account from one client prefix that no success has followed yet
 * (features/auth/login-limits.ts): their count, the latest, and when the next may start. The
 * subject is a hash of sign-in kind, account and client prefix, so neither an email nor an
 * address is stored.
 */
export const SIGN_IN_FAILURES_ENTITY = 'SignInFailures';
const entity = { tag: SIGN_IN_FAILURES_ENTITY, personalKey: false };

export const SIGN_IN_FAILURES_PREFIX = 'SIGNIN_FAILURES#';
export const signInFailuresKey = (subjectHash: string): ItemKey => ({
  pk: `${SIGN_IN_FAILURES_PREFIX}${subjectHash}`,
  sk: 'FAILURES',
});

const signInFailuresSchema = z.object({
  /** Attempts since the last success: each one counts as failed until it succeeds. */
  failures: z.number().int().nonnegative(),
  /**
   * Epoch milliseconds of the latest attempt, and the earliest the next one may start
   * (`NO_DELAY` while no delay runs).
   */
  lastAttemptAt: z.number(),
  nextAttemptAt: z.number(),
});
export type SignInFailures = z.infer<typeof signInFailuresSchema>;

/**
 * `nextAttemptAt` of attempts that leave no delay. Not their own time: parallel attempts read
 * the clock a millisecond apart, and one would take the other's time for a running delay.
 */
export const NO_DELAY = 0;

/** Access pattern: the attempts so far (strongly consistent: a delay must not be skipped). */
export async function getSignInFailures(subjectHash: string): Promise<SignInFailures | null> {
  const item = await getItem(signInFailuresKey(subjectHash), { consistent: true });
  return item ? parseStored(signInFailuresSchema, entity, item) : null;
}

/**
 * Access pattern: count one more attempt, only if nobody counted one since `seen` was read
 * (`seen` null: no item). False when another attempt came first: the caller reads again, so
 * parallel attempts are counted one at a time and none skips a delay. The item expires by TTL
 * at `expiresAtSeconds`, moved on by every attempt.
 */
export function admitSignInAttempt(
  subjectHash: string,
  seen: SignInFailures | null,
  next: SignInFailures,
  expiresAtSeconds: number,
): Promise<boolean> {
  return conditionalUpdate(signInFailuresKey(subjectHash), {
    UpdateExpression:
      'SET failures = :failures, lastAttemptAt = :last, nextAttemptAt = :next, ' +
      '#ttl = :ttl, entity = :entity',
    ConditionExpression: seen
      ? 'failures = :seenFailures AND lastAttemptAt = :seenLast'
      : 'attribute_not_exists(pk)',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: {
      ':failures': next.failures,
      ':last': next.lastAttemptAt,
      ':next': next.nextAttemptAt,
      ':ttl': expiresAtSeconds,
      ':entity': SIGN_IN_FAILURES_ENTITY,
      ...(seen ? { ':seenFailures': seen.failures, ':seenLast': seen.lastAttemptAt } : {}),
    },
  });
}

/**
 * Access pattern: count one more attempt in a single atomic write while the count stays below
 * `maxFailuresBefore` and no delay is running (no item yet included). False otherwise: the
 * caller then takes the read-and-compare path of `admitSignInAttempt`. Without this, parallel
 * sign-ins of one account from one address (an office, a test suite) lost the compare race to
 * each other and were throttled although none of them was near a delay.
 */
export function countFreeSignInAttempt(
  subjectHash: string,
  maxFailuresBefore: number,
  now: number,
  expiresAtSeconds: number,
): Promise<boolean> {
  return conditionalUpdate(signInFailuresKey(subjectHash), {
    UpdateExpression:
      'ADD failures :one SET lastAttemptAt = :now, nextAttemptAt = :noDelay, #ttl = :ttl, ' +
      'entity = :entity',
    ConditionExpression:
      'attribute_not_exists(pk) OR (failures < :maxBefore AND nextAttemptAt <= :now)',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: {
      ':one': 1,
      ':now': now,
      ':noDelay': NO_DELAY,
      ':maxBefore': maxFailuresBefore,
      ':ttl': expiresAtSeconds,
      ':entity': SIGN_IN_FAILURES_ENTITY,
    },
  });
}

/** Access pattern: forget the attempts (a successful sign-in). */
export async function clearSignInFailures(subjectHash: string): Promise<void> {
  await deleteItem(signInFailuresKey(subjectHash));
}
