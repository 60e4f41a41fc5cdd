import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { conflict } from '../lib/errors';
import * as z from 'zod';
import type { AttachmentRecord } from './cases';
import { db, tableName } from './client';
import { epochSeconds, keys } from './keys';

/** An upload the browser was allowed to make but the server has not verified yet. */
export const pendingUploadSchema = z.object({
  uploadId: z.string(),
  caseId: z.string(),
  kind: z.enum(['image', 'document', 'voice', 'attachment']),
  s3Key: z.string(),
  originalName: z.string(),
  filename: z.string(),
  contentType: z.string(),
  createdAt: z.string(),
});
export type PendingUpload = z.infer<typeof pendingUploadSchema>;

/** A pending upload expires with its presigned POST's margin; DynamoDB's TTL cleans it up. */
const PENDING_LIFETIME_MS = 60 * 60 * 1000;

export async function putPendingUpload(upload: PendingUpload, now = new Date()): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.pendingUpload(upload.caseId, upload.uploadId),
        entity: 'PendingUpload',
        ...upload,
        ttl: epochSeconds(new Date(now.getTime() + PENDING_LIFETIME_MS)),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getPendingUpload(
  caseId: string,
  uploadId: string,
): Promise<PendingUpload | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.pendingUpload(caseId, uploadId),
      ConsistentRead: true,
    }),
  );
  return Item ? pendingUploadSchema.parse(Item) : null;
}

export async function deletePendingUpload(caseId: string, uploadId: string): Promise<void> {
  await db().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.pendingUpload(caseId, uploadId) }),
  );
}

/**
 * The verified upload becomes an Attachment and stops being pending, in one transaction, so a
 * confirmation repeated by a retrying browser cannot create two attachments.
 */
export async function promotePendingUpload(
  upload: PendingUpload,
  attachment: AttachmentRecord,
): Promise<void> {
  const write = db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: keys.pendingUpload(upload.caseId, upload.uploadId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.attachment(upload.caseId, attachment.id),
              entity: 'Attachment',
              ...attachment,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
  await write.catch((error: unknown) => {
    // A retried confirmation that lost the race: the file is attached once, by the other call.
    if (error instanceof TransactionCanceledException)
      throw conflict('This file is already attached');
    throw error;
  });
}

/** Inline uploads (POST /api/cases multipart) are verified before they are stored. */
export async function insertAttachment(attachment: AttachmentRecord): Promise<void> {
  if (!attachment.caseId) throw new Error('case attachment without case');
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.attachment(attachment.caseId, attachment.id),
        entity: 'Attachment',
        ...attachment,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}
