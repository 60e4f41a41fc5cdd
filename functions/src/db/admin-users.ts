import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { itemRead, readItems, type ItemsRead } from './item-reads';
import { normalizeName, type ItemKey } from './keys';
import { parseStored } from './records';
import { conditionalUpdate, IF_EXISTS, putItem, updateItem } from './table';
import { newItemTx, writeTransaction } from './transaction';
import { guardKeys, guardTx } from './unique-guards';

export const ADMIN_USER_ENTITY = 'AdminUser';
const entity = { tag: ADMIN_USER_ENTITY, personalKey: true };

/** Usernames are unique by key, without case. */
export const ADMIN_PREFIX = 'ADMIN#';
export const adminUserKey = (username: string): ItemKey => ({
  pk: `${ADMIN_PREFIX}${normalizeName(username)}`,
  sk: 'ADMIN',
});

/** The stored administrator (spec doc 2 §3). `passwordHash` is scrypt (lib/auth/passwords). */
export const adminUserRecordSchema = z.object({
  id: z.string(),
  username: z.string(),
  passwordHash: z.string(),
  email: z.string(),
  role: z.literal('admin'),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  isActive: z.boolean(),
});
export type AdminUserRecord = z.infer<typeof adminUserRecordSchema>;

const adminItem = (admin: AdminUserRecord) => ({
  ...adminUserKey(admin.username),
  entity: ADMIN_USER_ENTITY,
  ...admin,
});

/** The administrator by username, as a read that may share a request (db/item-reads.ts). */
export function adminUserRead(username: string): ItemsRead<AdminUserRecord | null> {
  return itemRead(adminUserKey(username), (item) =>
    item ? parseStored(adminUserRecordSchema, entity, item) : null,
  );
}

/** What an admin session's account check needs of the account: never its password hash. */
const adminStatusSchema = adminUserRecordSchema.pick({ id: true, isActive: true });
/** The attributes that read projects; the admin routes' IAM grant allows these and the keys. */
export const ADMIN_STATUS_ATTRIBUTES = ['id', 'isActive'] as const;
export type AdminStatus = z.infer<typeof adminStatusSchema>;

/**
 * Access pattern: whether the administrator may still act (every admin request, issue 10), as a
 * read of the account's id and `isActive` only: the admin routes' roles may read no more of an
 * item that holds a password hash (functions/src/handler-permissions.ts, `fieldReads`).
 */
export function adminStatusRead(username: string): ItemsRead<AdminStatus | null> {
  return {
    ...itemRead(adminUserKey(username), (item) =>
      item ? parseStored(adminStatusSchema, entity, item) : null,
    ),
    attributes: ADMIN_STATUS_ATTRIBUTES,
  };
}

/** Access pattern: administrator by username (login). */
export function getAdminUser(username: string): Promise<AdminUserRecord | null> {
  return readItems(adminUserRead(username));
}

/**
 * Creates an administrator with its unique username (the key) and email (a guard item) in one
 * transaction; used by the local seed and by `npm run admin:create`.
 */
export async function insertAdminUser(
  fields: Pick<AdminUserRecord, 'username' | 'passwordHash' | 'email'>,
  now = new Date(),
): Promise<AdminUserRecord> {
  const record: AdminUserRecord = {
    ...fields,
    id: randomUUID(),
    role: 'admin',
    createdAt: now.toISOString(),
    lastLogin: null,
    isActive: true,
  };
  await writeTransaction([
    newItemTx(adminItem(record)),
    guardTx(guardKeys.adminEmail(record.email), record.id),
  ]);
  return record;
}

/** Replaces an administrator's password hash (the local seed keeps it equal to ADMIN_PASSWORD). */
export async function replaceAdminPassword(
  admin: AdminUserRecord,
  passwordHash: string,
): Promise<void> {
  await putItem(adminItem({ ...admin, passwordHash }));
}

/** Access pattern: remember a successful sign-in. */
export async function recordAdminLogin(username: string, at: Date): Promise<void> {
  await updateItem(adminUserKey(username), {
    UpdateExpression: 'SET lastLogin = :now',
    ExpressionAttributeValues: { ':now': at.toISOString() },
  });
}

/**
 * Access pattern: deactivate an administrator (no route does this: operators and tests). The
 * account's sessions end with it (`features/admin/deactivate-admin.ts`); false when unknown.
 */
export function deactivateAdminUser(username: string): Promise<boolean> {
  return conditionalUpdate(adminUserKey(username), {
    UpdateExpression: 'SET isActive = :inactive',
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeValues: { ':inactive': false },
  });
}
