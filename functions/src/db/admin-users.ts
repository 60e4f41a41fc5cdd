import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/** The stored administrator (spec doc 2 §3). `passwordHash` is scrypt (lib/auth/passwords). */
export interface AdminUserRecord {
  id: string;
  username: string;
  passwordHash: string;
  email: string;
  role: 'admin';
  createdAt: string;
  lastLogin: string | null;
  isActive: boolean;
}

/** Access pattern: administrator by username (login). */
export async function getAdminUser(username: string): Promise<AdminUserRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.adminUser(username) }),
  );
  return (Item as AdminUserRecord | undefined) ?? null;
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
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.adminUser(record.username), entity: 'AdminUser', ...record },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.adminEmailGuard(record.email),
              entity: 'UniqueGuard',
              owner: record.id,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
  return record;
}

/** Replaces an administrator's password hash (the local seed keeps it equal to ADMIN_PASSWORD). */
export async function replaceAdminPassword(
  admin: AdminUserRecord,
  passwordHash: string,
): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.adminUser(admin.username), entity: 'AdminUser', ...admin, passwordHash },
    }),
  );
}
