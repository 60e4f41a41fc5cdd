import * as z from 'zod';
import { epochSeconds, type ItemKey } from './keys';
import { parseStored } from './records';
import { sessionRoles } from './sessions';
import { conditionalUpdate, getItem, IF_NEW, putItem, takeItem } from './table';

/**
 * A sign-in whose password was right and whose second factor is still to come (issue 25): no
 * session exists yet. Stored under the SHA-256 of its token, never the token; lives a few
 * minutes, counts its wrong codes, and is taken (deleted) by the one code step that succeeds.
 * An account without a factor carries the secret it is enrolling until a code confirms it.
 */
export const PENDING_SIGN_IN_ENTITY = 'PendingSignIn';
// The key holds a token hash: not personal, but a lookup key best kept out of logs.
const entity = { tag: PENDING_SIGN_IN_ENTITY, personalKey: true };

export const PENDING_SIGN_IN_PREFIX = 'PENDING_SIGNIN#';
export const pendingSignInKey = (tokenHash: string): ItemKey => ({
  pk: `${PENDING_SIGN_IN_PREFIX}${tokenHash}`,
  sk: 'PENDING',
});

const pendingSignInSchema = z.object({
  role: z.enum(sessionRoles),
  subjectId: z.string(),
  /** The email or username as typed: the code step counts toward that account's sign-in limits. */
  account: z.string(),
  /** Epoch milliseconds after which the code step refuses it (TTL deletes it later). */
  expiresAt: z.number(),
  /** Wrong codes so far. */
  failures: z.number().int().nonnegative(),
  /** Base32 secret of an enrolment in progress; absent when the account has a factor. */
  enrolSecret: z.string().optional(),
  /** A provider still on the emailed temporary password (the session carries it on). */
  mustChangePassword: z.boolean().optional(),
  /** An admin's account key (the session carries it on). */
  username: z.string().optional(),
  /**
   * A provider's sign-in `credentialsVersion` read with the password just checked: the session
   * carries it on, so a password change between the two steps leaves a session that is refused
   * from its first request (issue 25, review L4).
   */
  credentialsVersion: z.number().int().nonnegative().optional(),
});
export type PendingSignIn = z.output<typeof pendingSignInSchema>;

/** Stores a new pending sign-in (random token hash: never an existing one). */
export async function putPendingSignIn(tokenHash: string, pending: PendingSignIn): Promise<void> {
  await putItem(
    {
      ...pendingSignInKey(tokenHash),
      entity: PENDING_SIGN_IN_ENTITY,
      ...pending,
      ttl: epochSeconds(new Date(pending.expiresAt)),
    },
    IF_NEW,
  );
}

/** Access pattern: the pending sign-in of a token hash (consistent: it was just written). */
export async function getPendingSignIn(tokenHash: string): Promise<PendingSignIn | null> {
  const item = await getItem(pendingSignInKey(tokenHash), { consistent: true });
  return item ? parseStored(pendingSignInSchema, entity, item) : null;
}

/**
 * Access pattern: count a wrong code; false when it is the `maxFailures`th (or the pending
 * sign-in is gone): the caller then ends it, so one password step buys at most that many guesses.
 */
export function countPendingSignInFailure(
  tokenHash: string,
  maxFailures: number,
): Promise<boolean> {
  return conditionalUpdate(pendingSignInKey(tokenHash), {
    UpdateExpression: 'ADD failures :one',
    ConditionExpression: 'attribute_exists(pk) AND failures < :max',
    ExpressionAttributeValues: { ':one': 1, ':max': maxFailures - 1 },
  });
}

/**
 * Access pattern: take the pending sign-in (delete it and say whether this call did): only one
 * code step ever turns it into a session.
 */
export async function takePendingSignIn(tokenHash: string): Promise<boolean> {
  const taken = await takeItem(pendingSignInKey(tokenHash), { expression: 'attribute_exists(pk)' });
  return taken !== undefined;
}
