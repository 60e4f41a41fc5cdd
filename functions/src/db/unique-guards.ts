import { normalizeLicense, normalizeName, type ItemKey } from './keys';
import { getItem, type StoredItem } from './table';
import { newItemTx, type TransactItem } from './transaction';

/**
 * Uniqueness guards (DESIGN.md §4): an item whose key is the unique value, written in the same
 * transaction as its owner, so a second owner of the value fails the transaction.
 */
export const UNIQUE_GUARD_ENTITY = 'UniqueGuard';
export const UNIQUE_GUARD_PREFIX = 'UNIQUE#';

const guardKey = (kind: string, value: string): ItemKey => ({
  pk: `${UNIQUE_GUARD_PREFIX}${kind}#${value}`,
  sk: 'UNIQUE',
});

export const guardKeys = {
  /** At most one application per email address. */
  applicationEmail: (email: string) => guardKey('APP_EMAIL', normalizeName(email)),
  /** A license number is registered once (applications). */
  applicationLicense: (licenseNumber: string) =>
    guardKey('APP_LICENSE', normalizeLicense(licenseNumber)),
  providerLicense: (licenseNumber: string) =>
    guardKey('PROVIDER_LICENSE', normalizeLicense(licenseNumber)),
  adminEmail: (email: string) => guardKey('ADMIN_EMAIL', normalizeName(email)),
  /**
   * An application's record `id` (the admin list item's id): unique, and its owner is the
   * application id, so the admin routes find an application by either (doctor-applications.ts).
   */
  applicationRecord: (id: string) => guardKey('APP_RECORD', id.toLowerCase()),
} as const;

/** Claims a unique value for `owner` (an id) inside the owner's transaction. */
export function guardTx(key: ItemKey, owner: string): TransactItem {
  const item: StoredItem & ItemKey = { ...key, entity: UNIQUE_GUARD_ENTITY, owner };
  return newItemTx(item);
}

export async function guardTaken(key: ItemKey): Promise<boolean> {
  return (await getItem(key)) !== undefined;
}

/**
 * Who holds a unique value (the id `guardTx` stored), or null when nobody does. Strongly
 * consistent: a guard written a moment ago is found.
 */
export async function guardOwner(key: ItemKey): Promise<string | null> {
  const item = await getItem(key, { consistent: true });
  return typeof item?.owner === 'string' ? item.owner : null;
}
