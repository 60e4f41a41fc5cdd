import * as z from 'zod';
import { normalizeName, type ItemKey } from './keys';
import { parseStored } from './records';
import { getItem, IF_EXISTS, conditionalUpdate } from './table';
import { newItemTx, updateTx, type TransactItem } from './transaction';

/** A provider's sign-in (scrypt hash), stored under the email so emails are unique. */
export const PROVIDER_LOGIN_ENTITY = 'ProviderLogin';
const entity = { tag: PROVIDER_LOGIN_ENTITY, personalKey: true };

export const providerLoginKey = (email: string): ItemKey => ({
  pk: `PROVIDER_LOGIN#${normalizeName(email)}`,
  sk: 'LOGIN',
});

export const providerLoginSchema = z.object({
  providerId: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  isActive: z.boolean(),
  /**
   * True while the password is the emailed temporary one (issue 8). Sign-ins stored before
   * issue 8 hold a temporary password too, so a missing flag reads as true.
   */
  mustChangePassword: z.boolean().default(true),
});
export type ProviderLogin = z.output<typeof providerLoginSchema>;

/** Access pattern: provider sign-in by email (login, change of password). */
export async function getProviderLogin(email: string): Promise<ProviderLogin | null> {
  const item = await getItem(providerLoginKey(email), { consistent: true });
  return item ? parseStored(providerLoginSchema, entity, item) : null;
}

/**
 * Access pattern: whether an email signs a provider in (check-email), reading the key alone: the
 * role of that public route may read nothing else of an item that holds a password hash
 * (functions/src/handler-permissions.ts, `fieldReads`).
 */
export async function providerLoginExists(email: string): Promise<boolean> {
  const item = await getItem(providerLoginKey(email), { consistent: true, attributes: ['pk'] });
  return item !== undefined;
}

/**
 * Access pattern: the provider sets their own password (issue 8). Conditional on the hash that
 * was verified and on the sign-in being active, so a concurrent change or a deactivation wins
 * over it; false when the condition failed.
 */
export function setProviderPassword(
  email: string,
  passwordHash: string,
  verifiedHash: string,
): Promise<boolean> {
  return conditionalUpdate(providerLoginKey(email), {
    UpdateExpression: 'SET passwordHash = :hash, mustChangePassword = :false',
    ConditionExpression: 'passwordHash = :verified AND isActive = :true',
    ExpressionAttributeValues: {
      ':hash': passwordHash,
      ':verified': verifiedHash,
      ':false': false,
      ':true': true,
    },
  });
}

export function providerLoginTx(login: ProviderLogin): TransactItem {
  return newItemTx({ ...providerLoginKey(login.email), entity: PROVIDER_LOGIN_ENTITY, ...login });
}

/**
 * (De)activates a sign-in; on re-approval it also takes the new temporary password's hash, which
 * must be changed at the first sign-in.
 */
export function providerLoginActiveTx(
  email: string,
  active: boolean,
  passwordHash: string | null,
): TransactItem {
  return updateTx(providerLoginKey(email), {
    UpdateExpression: passwordHash
      ? 'SET isActive = :active, passwordHash = :hash, mustChangePassword = :true'
      : 'SET isActive = :active',
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeValues: passwordHash
      ? { ':active': active, ':hash': passwordHash, ':true': true }
      : { ':active': active },
  });
}
