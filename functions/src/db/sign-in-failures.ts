import * as z from 'zod';
import type { ItemKey } from './keys';
import { parseStored } from './records';
import { deleteItem, getItem, updateItem } from './table';

/**
 * Failed sign-ins of one account from one client prefix (features/auth/login-limits.ts): the
 * count and the time of the last one, from which the growing delay follows. The subject is a
 * hash of sign-in kind, account and client prefix, so neither an email nor an address is stored.
 */
export const SIGN_IN_FAILURES_ENTITY = 'SignInFailures';
const entity = { tag: SIGN_IN_FAILURES_ENTITY, personalKey: false };

export const signInFailuresKey = (subjectHash: string): ItemKey => ({
  pk: `SIGNIN_FAILURES#${subjectHash}`,
  sk: 'FAILURES',
});

const signInFailuresSchema = z.object({
  failures: z.number().int().nonnegative(),
  /** Epoch milliseconds of the latest failure. */
  lastFailureAt: z.number(),
});
export type SignInFailures = z.infer<typeof signInFailuresSchema>;

/** Access pattern: the failures so far (strongly consistent: a delay must not be skipped). */
export async function getSignInFailures(subjectHash: string): Promise<SignInFailures | null> {
  const item = await getItem(signInFailuresKey(subjectHash), { consistent: true });
  return item ? parseStored(signInFailuresSchema, entity, item) : null;
}

/**
 * Access pattern: count one more failure with an atomic ADD and answer the new state. The item
 * expires by TTL at `expiresAtSeconds`, moved on by every failure.
 */
export async function recordSignInFailure(
  subjectHash: string,
  at: number,
  expiresAtSeconds: number,
): Promise<SignInFailures> {
  const updated = await updateItem(
    signInFailuresKey(subjectHash),
    {
      UpdateExpression: 'ADD failures :one SET lastFailureAt = :at, #ttl = :ttl, entity = :entity',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':at': at,
        ':ttl': expiresAtSeconds,
        ':entity': SIGN_IN_FAILURES_ENTITY,
      },
    },
    { returnUpdated: true },
  );
  return parseStored(signInFailuresSchema, entity, updated ?? {});
}

/** Access pattern: forget the failures (a successful sign-in, or a count past its lifetime). */
export async function clearSignInFailures(subjectHash: string): Promise<void> {
  await deleteItem(signInFailuresKey(subjectHash));
}
