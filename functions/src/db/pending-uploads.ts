import * as z from 'zod';
import { partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { getItem, partitionQuery, queryAll } from './table';
import {
  cancellationReasons,
  deleteTx,
  newItemTx,
  writeTransaction,
  type TransactItem,
} from './transaction';
import { releaseUploadSlotTx, takeUploadSlotTx } from './upload-slots';
import { IF_EXISTS } from './table';

/**
 * An upload the browser was allowed to make but the server has not verified yet. It holds one
 * of the case's file slots (`upload-slots.ts`) from the moment it is presigned until it is
 * confirmed (the slot then belongs to the attachment), refused or expired (the slot is given
 * back).
 */
export const PENDING_UPLOAD_ENTITY = 'PendingUpload';
const entity = { tag: PENDING_UPLOAD_ENTITY };
const SK_PREFIX = 'UPLOAD#';

export const pendingUploadKey = (caseId: string, uploadId: string): ItemKey => ({
  pk: partitions.case(caseId),
  sk: `${SK_PREFIX}${uploadId}`,
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

/**
 * How long an unconfirmed upload keeps its slot: the presigned POST lives 5 minutes, and a
 * slow upload of a large file plus its confirmation fit in 15. After that the slot may be
 * given back (`releasePendingUpload`, run by `uploads/slots.ts` when the slots run out); the
 * bucket's lifecycle rule removes the object after a day. The item has no TTL on purpose: a
 * TTL deletion would drop it without giving its slot back, and the slot would be lost. The
 * items cannot pile up: each holds a slot, so a case has at most its limit of them per kind.
 */
export const PENDING_SLOT_MS = 15 * 60 * 1000;

const parsePendingUpload = (item: Record<string, unknown>): PendingUpload =>
  parseStored(pendingUploadSchema, entity, item);

/**
 * Access pattern: records a presigned upload and takes one slot of its kind, in one
 * transaction. False when all `maxCount` slots are taken (confirmed or pending files).
 */
export async function reservePendingUpload(
  upload: PendingUpload,
  maxCount: number,
): Promise<boolean> {
  const items: TransactItem[] = [
    newItemTx({
      ...pendingUploadKey(upload.caseId, upload.uploadId),
      entity: PENDING_UPLOAD_ENTITY,
      ...upload,
    }),
    takeUploadSlotTx(partitions.case(upload.caseId), upload.kind, maxCount),
  ];
  try {
    await writeTransaction(items);
    return true;
  } catch (error) {
    const codes = cancellationReasons(error);
    if (codes?.[1] === 'ConditionalCheckFailed') return false;
    throw error;
  }
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
 * gives its slot back, once: only the call that deletes the pending item releases the slot.
 * False when it was ended already (confirmed or released by another call).
 */
export async function releasePendingUpload(upload: PendingUpload): Promise<boolean> {
  try {
    await writeTransaction([
      deleteTx(pendingUploadKey(upload.caseId, upload.uploadId), IF_EXISTS),
      releaseUploadSlotTx(partitions.case(upload.caseId), upload.kind),
    ]);
    return true;
  } catch (error) {
    if (cancellationReasons(error)) return false;
    throw error;
  }
}

/** Access pattern: a case's unconfirmed uploads of one kind whose slot time is over. */
export async function listExpiredPendingUploads(
  caseId: string,
  kind: PendingUpload['kind'],
  now = new Date(),
): Promise<PendingUpload[]> {
  const items = await queryAll(
    partitionQuery(partitions.case(caseId), { skPrefix: SK_PREFIX, consistent: true }),
  );
  const before = now.getTime() - PENDING_SLOT_MS;
  return items
    .map(parsePendingUpload)
    .filter((upload) => upload.kind === kind && Date.parse(upload.createdAt) < before);
}

/** Ends a pending upload inside a transaction; fails if another call ended it first. */
export function pendingUploadDoneTx(upload: PendingUpload): TransactItem {
  return deleteTx(pendingUploadKey(upload.caseId, upload.uploadId), IF_EXISTS);
}
