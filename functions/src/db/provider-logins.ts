import * as z from 'zod';
import { normalizeName, type ItemKey } from './keys';
import { parseStored } from './records';
import { getItem, IF_EXISTS } from './table';
import { newItemTx, updateTx, type TransactItem } from './transaction';

/** A provider's sign-in (scrypt hash), stored under the email so emails are unique. */
export const PROVIDER_LOGIN_ENTITY = 'ProviderLogin';
const entity = { tag: PROVIDER_LOGIN_ENTITY, personalKey: true };

export const PROVIDER_LOGIN_PREFIX = 'PROVIDER_LOGIN#';
export const providerLoginKey = (email: string): ItemKey => ({
  pk: `${PROVIDER_LOGIN_PREFIX}${normalizeName(email)}`,
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
  /**
   * When the emailed temporary password was issued (ISO time; issue 25, review L5): it works for
   * 72 hours (`features/auth/temporary-password.ts`). Sign-ins stored before issue 25 lack it.
   */
  temporaryIssuedAt: z.string().optional(),
  /**
   * Counts the password changes (issue 25, review L4). Read with the hash a sign-in checks, stored
   * in the session, and mirrored on the provider item that every request's authorization reads:
   * a session signed in with a password that has since changed no longer counts.
   */
  credentialsVersion: z.number().int().nonnegative().default(0),
});
export type ProviderLogin = z.output<typeof providerLoginSchema>;

/** Access pattern: provider sign-in by email (login, change of password). */
export async function getProviderLogin(email: string): Promise<ProviderLogin | null> {
  const item = await getItem(providerLoginKey(email), { consistent: true });
  return item ? parseStored(providerLoginSchema, entity, item) : null;
}

/** The attributes `providerLoginExists` projects: the key alone. */
export const PROVIDER_LOGIN_EXISTS_ATTRIBUTES = ['pk'] as const;

/**
 * Access pattern: whether an email signs a provider in (check-email), reading the key alone: the
 * role of that public route may read nothing else of an item that holds a password hash
 * (functions/src/handler-permissions.ts, `fieldReads`).
 */
export async function providerLoginExists(email: string): Promise<boolean> {
  const item = await getItem(providerLoginKey(email), {
    consistent: true,
    attributes: PROVIDER_LOGIN_EXISTS_ATTRIBUTES,
  });
  return item !== undefined;
}

/**
 * Access pattern: the provider sets their own password (issue 8), as the first item of a
 * transaction that also moves the provider item's `credentialsVersion` to `credentialsVersion`
 * (`db/providers.ts`). Conditional on the hash that was verified and on the sign-in being active,
 * so a concurrent change or a deactivation wins over it.
 */
export function providerPasswordTx(change: {
  email: string;
  passwordHash: string;
  verifiedHash: string;
  credentialsVersion: number;
}): TransactItem {
  return updateTx(providerLoginKey(change.email), {
    UpdateExpression:
      'SET passwordHash = :hash, mustChangePassword = :false, credentialsVersion = :version ' +
      'REMOVE temporaryIssuedAt',
    ConditionExpression: 'passwordHash = :verified AND isActive = :true',
    ExpressionAttributeValues: {
      ':hash': change.passwordHash,
      ':verified': change.verifiedHash,
      ':version': change.credentialsVersion,
      ':false': false,
      ':true': true,
    },
  });
}

export function providerLoginTx(login: z.input<typeof providerLoginSchema>): TransactItem {
  return newItemTx({ ...providerLoginKey(login.email), entity: PROVIDER_LOGIN_ENTITY, ...login });
}

/** A new emailed temporary password: its hash and when it was issued (it lasts 72 h). */
export interface TemporaryPassword {
  passwordHash: string;
  issuedAt: string;
}

/**
 * (De)activates a sign-in; on re-approval it also takes a new temporary password, which must be
 * changed at the first sign-in within 72 hours (an expired one is replaced this way).
 */
export function providerLoginActiveTx(
  email: string,
  active: boolean,
  temporary: TemporaryPassword | null,
): TransactItem {
  return updateTx(providerLoginKey(email), {
    UpdateExpression: temporary
      ? 'SET isActive = :active, passwordHash = :hash, mustChangePassword = :true, ' +
        'temporaryIssuedAt = :issuedAt'
      : 'SET isActive = :active',
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeValues: temporary
      ? {
          ':active': active,
          ':hash': temporary.passwordHash,
          ':true': true,
          ':issuedAt': temporary.issuedAt,
        }
      : { ':active': active },
  });
}
