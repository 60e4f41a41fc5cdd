import { Aws } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { HandlerPermissions } from '../../functions/src/handler-permissions';

/**
 * KMS actions a caller needs on the table's key: DynamoDB uses the key on the caller's behalf, so
 * a reader needs to decrypt and a writer also to encrypt: CDK's own `grantReadData` and
 * `grantWriteData` actions for a customer managed key, spelled out instead of its wildcards
 * (`kms:ReEncrypt*`, `kms:GenerateDataKey*`; no item request re-encrypts).
 */
export const tableKeyActions = {
  read: ['kms:Decrypt', 'kms:DescribeKey'],
  write: ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey'],
} as const;

/**
 * KMS actions on the uploads bucket's key: S3 decrypts for a GetObject (a presigned GET runs as
 * the role that signed it) and asks for a data key for a PutObject or a copy's target; a copy
 * also decrypts its source.
 */
export const uploadKeyActions = {
  read: ['kms:Decrypt'],
  write: ['kms:Decrypt', 'kms:GenerateDataKey'],
} as const;

/** A declaration's list or flag: whether it grants anything at all. */
function declares(value: boolean | readonly unknown[] | undefined): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

/**
 * The key only through the service that stores the data (`kms:ViaService`), as the secrets key:
 * a role can never decrypt with it directly, only as part of a table or object request that its
 * table or S3 statement already allows.
 */
function keyStatement(key: kms.IKey, service: string, actions: readonly string[]) {
  return new iam.PolicyStatement({
    actions: [...actions],
    resources: [key.keyArn],
    conditions: { StringEquals: { 'kms:ViaService': `${service}.${Aws.REGION}.amazonaws.com` } },
  });
}

/**
 * Gives a handler's function the data keys its declaration implies
 * (`functions/src/handler-permissions.ts`): any table access → the table's key, any object read
 * or write → the uploads key. Derived from the same declaration as the table and S3 statements,
 * so a handler that gains data access gains the key with it. Deleting an object needs no key.
 */
export function grantDataKeys(
  fn: lambda.Function,
  permissions: HandlerPermissions,
  data: { readonly table: dynamodb.ITable; readonly uploads: s3.IBucket },
): void {
  const table = permissions.table ?? {};
  const tableKey = data.table.encryptionKey;
  // A session touch is an UpdateItem and an append a PutItem: writes as far as the key is
  // concerned.
  const writesTable =
    declares(table.write) || declares(table.append) || declares(table.touchSessions);
  const readsTable = declares(table.read) || declares(table.indexes) || declares(table.readFields);
  if (tableKey && (readsTable || writesTable)) {
    const actions = writesTable ? tableKeyActions.write : tableKeyActions.read;
    fn.addToRolePolicy(keyStatement(tableKey, 'dynamodb', actions));
  }
  const uploads = permissions.uploads ?? {};
  const uploadsKey = data.uploads.encryptionKey;
  if (uploadsKey && (declares(uploads.read) || declares(uploads.write))) {
    const actions = declares(uploads.write) ? uploadKeyActions.write : uploadKeyActions.read;
    fn.addToRolePolicy(keyStatement(uploadsKey, 's3', actions));
  }
}
