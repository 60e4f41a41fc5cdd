import * as z from 'zod';
import { partitions, type ItemKey } from './keys';
import { pendingFileFields, slottedPendingEntity } from './slotted-pending';
import type { TransactItem } from './transaction';

/**
 * An upload the browser was allowed to make but the server has not verified yet. It holds one
 * of the case's file slots of its kind (`slotted-pending.ts`, `upload-slots.ts`).
 */
export const PENDING_UPLOAD_ENTITY = 'PendingUpload';

export const pendingUploadSchema = z.object({
  ...pendingFileFields,
  caseId: z.string(),
  kind: z.enum(['image', 'document', 'voice', 'attachment']),
});
export type PendingUpload = z.infer<typeof pendingUploadSchema>;

const pendingUploads = slottedPendingEntity({
  tag: PENDING_UPLOAD_ENTITY,
  schema: pendingUploadSchema,
  partitionOf: (upload) => partitions.case(upload.caseId),
  slotKindOf: (upload) => upload.kind,
});

export const pendingUploadKey = (caseId: string, uploadId: string): ItemKey =>
  pendingUploads.key(partitions.case(caseId), uploadId);

/**
 * Access pattern: records a presigned upload and takes one slot of its kind, in one
 * transaction. False when all `maxCount` slots are taken (confirmed or pending files).
 */
export function reservePendingUpload(upload: PendingUpload, maxCount: number): Promise<boolean> {
  return pendingUploads.reserve(upload, maxCount);
}

export function getPendingUpload(caseId: string, uploadId: string): Promise<PendingUpload | null> {
  return pendingUploads.get(partitions.case(caseId), uploadId);
}

/**
 * Access pattern: ends an upload that will not become an attachment (refused, expired) and
 * gives its slot back, once. False when it was ended already (confirmed or released).
 */
export function releasePendingUpload(upload: PendingUpload): Promise<boolean> {
  return pendingUploads.release(upload);
}

/** Access pattern: a case's unconfirmed uploads of one kind whose slot time is over. */
export async function listExpiredPendingUploads(
  caseId: string,
  kind: PendingUpload['kind'],
  now = new Date(),
): Promise<PendingUpload[]> {
  const expired = await pendingUploads.listExpired(partitions.case(caseId), now);
  return expired.filter((upload) => upload.kind === kind);
}

/** Ends a pending upload inside a transaction; fails if another call ended it first. */
export function pendingUploadDoneTx(upload: PendingUpload): TransactItem {
  return pendingUploads.doneTx(upload);
}
