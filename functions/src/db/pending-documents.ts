import * as z from 'zod';
import { conflict } from '../core/errors';
import { applicationDocumentTx } from './application-documents';
import type { AttachmentRecord } from './attachments';
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
import { cancellationReasons, deleteTx, writeTransaction, type TransactItem } from './transaction';

/**
 * A doctor's document the browser was allowed to upload (presigned POST) but the server has not
 * verified yet, in the application's partition. It holds one of the application's document
 * slots (`slotted-pending.ts`).
 */
export const PENDING_DOCUMENT_ENTITY = 'PendingDocument';
const entity = { tag: PENDING_DOCUMENT_ENTITY };
/** One slot counter for every document type of an application. */
const SLOT_KIND = 'documents';

export const pendingDocumentKey = (applicationId: string, uploadId: string): ItemKey => ({
  pk: partitions.application(applicationId),
  sk: `${PENDING_SK_PREFIX}${uploadId}`,
});

export const pendingDocumentSchema = z.object({
  uploadId: z.string(),
  applicationId: z.string(),
  type: z.string(),
  s3Key: z.string(),
  originalName: z.string(),
  filename: z.string(),
  contentType: z.string(),
  createdAt: z.string(),
});
export type PendingDocument = z.infer<typeof pendingDocumentSchema>;

const parsePendingDocument = (item: Record<string, unknown>): PendingDocument =>
  parseStored(pendingDocumentSchema, entity, item);

const holderOf = (document: PendingDocument): SlotHolder => ({
  key: pendingDocumentKey(document.applicationId, document.uploadId),
  partition: partitions.application(document.applicationId),
  slotKind: SLOT_KIND,
});

/** Access pattern: record a presigned document and take a slot; false when all are taken. */
export function reservePendingDocument(
  document: PendingDocument,
  maxCount: number,
): Promise<boolean> {
  return reserveSlotted(
    holderOf(document),
    { entity: PENDING_DOCUMENT_ENTITY, ...document },
    maxCount,
  );
}

export async function getPendingDocument(
  applicationId: string,
  uploadId: string,
): Promise<PendingDocument | null> {
  const item = await getItem(pendingDocumentKey(applicationId, uploadId), { consistent: true });
  return item ? parsePendingDocument(item) : null;
}

const pendingDoneTx = (document: PendingDocument): TransactItem =>
  deleteTx(pendingDocumentKey(document.applicationId, document.uploadId), IF_EXISTS);

/** Access pattern: end a refused or expired document and give its slot back, once. */
export function releasePendingDocument(document: PendingDocument): Promise<boolean> {
  return releaseSlotted(holderOf(document));
}

/** Access pattern: an application's unconfirmed documents whose slot time is over. */
export async function listExpiredPendingDocuments(
  applicationId: string,
  now = new Date(),
): Promise<PendingDocument[]> {
  const items = await expiredSlottedItems(partitions.application(applicationId), now);
  return items.map(parsePendingDocument);
}

/**
 * Access pattern: the verified document becomes an application document and stops being
 * pending, in one transaction (the slot stays taken); a repeated confirmation loses.
 */
export async function promotePendingDocument(
  document: PendingDocument,
  attachment: AttachmentRecord,
): Promise<void> {
  await writeTransaction([pendingDoneTx(document), applicationDocumentTx(attachment)]).catch(
    (error: unknown) => {
      if (cancellationReasons(error)) throw conflict('This document is already attached');
      throw error;
    },
  );
}
