import * as z from 'zod';
import { partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import {
  expiredSlottedItems,
  PENDING_SK_PREFIX,
  releaseSlotted,
  reserveSlotted,
  type SlotHolder,
} from './slotted-pending';
import { getItem, IF_EXISTS } from './table';
import { deleteTx, type TransactItem } from './transaction';

/**
 * An upload the browser was allowed to make but the server has not verified yet. It holds one
 * of the case's file slots of its kind (`slotted-pending.ts`, `upload-slots.ts`).
 */
export const PENDING_UPLOAD_ENTITY = 'PendingUpload';
const entity = { tag: PENDING_UPLOAD_ENTITY };

export const pendingUploadKey = (caseId: string, uploadId: string): ItemKey => ({
  pk: partitions.case(caseId),
  sk: `${PENDING_SK_PREFIX}${uploadId}`,
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

const parsePendingUpload = (item: Record<string, unknown>): PendingUpload =>
  parseStored(pendingUploadSchema, entity, item);

const holderOf = (upload: PendingUpload): SlotHolder => ({
  key: pendingUploadKey(upload.caseId, upload.uploadId),
  partition: partitions.case(upload.caseId),
  slotKind: upload.kind,
});

/**
 * Access pattern: records a presigned upload and takes one slot of its kind, in one
 * transaction. False when all `maxCount` slots are taken (confirmed or pending files).
 */
export function reservePendingUpload(upload: PendingUpload, maxCount: number): Promise<boolean> {
  return reserveSlotted(holderOf(upload), { entity: PENDING_UPLOAD_ENTITY, ...upload }, maxCount);
}

export async function getPendingUpload(
  caseId: string,
  uploadId: string,
): Promise<PendingUpload | null> {
  const item = await getItem(pendingUploadKey(caseId, uploadId), { consistent: true });
  return item ? parsePendingUpload(item) : null;
}

/**
 * Access pattern: ends an upload that will not become an attachment (refused, expired) and
 * gives its slot back, once. False when it was ended already (confirmed or released).
 */
export function releasePendingUpload(upload: PendingUpload): Promise<boolean> {
  return releaseSlotted(holderOf(upload));
}

/** Access pattern: a case's unconfirmed uploads of one kind whose slot time is over. */
export async function listExpiredPendingUploads(
  caseId: string,
  kind: PendingUpload['kind'],
  now = new Date(),
): Promise<PendingUpload[]> {
  const items = await expiredSlottedItems(partitions.case(caseId), now);
  return items.map(parsePendingUpload).filter((upload) => upload.kind === kind);
}

/** Ends a pending upload inside a transaction; fails if another call ended it first. */
export function pendingUploadDoneTx(upload: PendingUpload): TransactItem {
  return deleteTx(pendingUploadKey(upload.caseId, upload.uploadId), IF_EXISTS);
}
