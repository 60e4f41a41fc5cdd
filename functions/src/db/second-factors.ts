import * as z from 'zod';
import type { SessionRole } from './sessions';
import type { ItemKey } from './keys';
import { parseStored } from './records';
import { conditionalUpdate, getItem, IF_EXISTS, IF_NEW } from './table';
import { deleteTx, type TransactItem } from './transaction';

/**
 * The TOTP factor of a provider or admin account (issue 25, docs/adr/0016-second-factor.md):
 * the secret, the last time step a code was accepted for (so a code is never accepted twice),
 * and the SHA-256 hashes of the unused recovery codes. Only the sign-in handlers read these
 * items (IAM `LeadingKeys` on `MFA#`); the secret is never answered after the enrolment.
 */
export const SECOND_FACTOR_ENTITY = 'SecondFactor';
const entity = { tag: SECOND_FACTOR_ENTITY };

export const SECOND_FACTOR_PREFIX = 'MFA#';
export const secondFactorKey = (role: SessionRole, subjectId: string): ItemKey => ({
  pk: `${SECOND_FACTOR_PREFIX}${role}#${subjectId}`,
  sk: 'TOTP',
});

const secondFactorSchema = z.object({
  /** Base32, as the authenticator app holds it. */
  secret: z.string(),
  /** The TOTP time step (RFC 6238 `T`) of the last accepted code. */
  lastUsedStep: z.number().int(),
  /** Hashes of the recovery codes not used yet; DynamoDB drops an emptied set. */
  recoveryCodeHashes: z
    .set(z.string())
    .optional()
    .transform((hashes) => hashes ?? new Set<string>()),
  enrolledAt: z.string(),
});
export type SecondFactor = z.output<typeof secondFactorSchema>;

/** Access pattern: the account's factor (consistent: a reset or a used code must show at once). */
export async function getSecondFactor(
  role: SessionRole,
  subjectId: string,
): Promise<SecondFactor | null> {
  const item = await getItem(secondFactorKey(role, subjectId), { consistent: true });
  return item ? parseStored(secondFactorSchema, entity, item) : null;
}

/**
 * Access pattern: store a confirmed enrolment; false when the account already has a factor (a
 * second enrolment racing the first never replaces it).
 */
export function enrolSecondFactor(
  role: SessionRole,
  subjectId: string,
  factor: {
    secret: string;
    lastUsedStep: number;
    recoveryCodeHashes: string[];
    enrolledAt: string;
  },
): Promise<boolean> {
  // An update that creates the item: its condition answers false instead of throwing.
  return conditionalUpdate(secondFactorKey(role, subjectId), {
    UpdateExpression:
      'SET entity = :entity, secret = :secret, lastUsedStep = :step, ' +
      'recoveryCodeHashes = :hashes, enrolledAt = :at',
    ConditionExpression: IF_NEW,
    ExpressionAttributeValues: {
      ':entity': SECOND_FACTOR_ENTITY,
      ':secret': factor.secret,
      ':step': factor.lastUsedStep,
      ':hashes': new Set(factor.recoveryCodeHashes),
      ':at': factor.enrolledAt,
    },
  });
}

/**
 * Access pattern: accept a code of time step `step`, only if no code of that step or a later
 * one was accepted before: one conditional write, so two requests with the same code cannot
 * both pass (RFC 6238 §5.2).
 */
export function useTotpStep(role: SessionRole, subjectId: string, step: number): Promise<boolean> {
  return conditionalUpdate(secondFactorKey(role, subjectId), {
    UpdateExpression: 'SET lastUsedStep = :step',
    ConditionExpression: 'attribute_exists(pk) AND lastUsedStep < :step',
    ExpressionAttributeValues: { ':step': step },
  });
}

/** Access pattern: spend a recovery code by its hash; false when it is not (or no longer) there. */
export function useRecoveryCode(
  role: SessionRole,
  subjectId: string,
  codeHash: string,
): Promise<boolean> {
  return conditionalUpdate(secondFactorKey(role, subjectId), {
    UpdateExpression: 'DELETE recoveryCodeHashes :spent',
    ConditionExpression: 'contains(recoveryCodeHashes, :hash)',
    ExpressionAttributeValues: { ':spent': new Set([codeHash]), ':hash': codeHash },
  });
}

/**
 * Access pattern: forget the factor (an admin's reset), as a transaction item beside its audit
 * entry; the transaction fails when the account has no factor. The next sign-in enrols again.
 */
export function deleteSecondFactorTx(role: SessionRole, subjectId: string): TransactItem {
  return deleteTx(secondFactorKey(role, subjectId), IF_EXISTS);
}
