import * as z from 'zod';
import { epochSeconds, partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { deleteItem, getItem, IF_EXISTS, IF_NEW, putItem } from './table';
import { deleteTx, type TransactItem } from './transaction';

/** An upload the browser was allowed to make but the server has not verified yet. */
export const PENDING_UPLOAD_ENTITY = 'PendingUpload';
const entity = { tag: PENDING_UPLOAD_ENTITY };

export const pendingUploadKey = (caseId: string, uploadId: string): ItemKey => ({
  pk: partitions.case(caseId),
  sk: `UPLOAD#${uploadId}`,
});

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
  await putItem(
    {
      ...pendingUploadKey(upload.caseId, upload.uploadId),
      entity: PENDING_UPLOAD_ENTITY,
      ...upload,
      ttl: epochSeconds(new Date(now.getTime() + PENDING_LIFETIME_MS)),
    },
    IF_NEW,
  );
}

export async function getPendingUpload(
  caseId: string,
  uploadId: string,
): Promise<PendingUpload | null> {
  const item = await getItem(pendingUploadKey(caseId, uploadId), { consistent: true });
  return item ? parseStored(pendingUploadSchema, entity, item) : null;
}

export async function deletePendingUpload(caseId: string, uploadId: string): Promise<void> {
  await deleteItem(pendingUploadKey(caseId, uploadId));
}

/** Ends a pending upload inside a transaction; fails if another call ended it first. */
export function pendingUploadDoneTx(upload: PendingUpload): TransactItem {
  return deleteTx(pendingUploadKey(upload.caseId, upload.uploadId), IF_EXISTS);
}
