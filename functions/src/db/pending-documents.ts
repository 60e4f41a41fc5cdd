import * as z from 'zod';
import { conflict } from '../core/errors';
import { applicationDocumentTx } from './application-documents';
import type { AttachmentRecord } from './attachments';
import { partitions, type ItemKey } from './keys';
import { pendingFileFields, slottedPendingEntity } from './slotted-pending';
import { cancellationReasons, writeTransaction } from './transaction';

/**
 * A doctor's document the browser was allowed to upload (presigned POST) but the server has not
 * verified yet, in the application's partition. It holds one of the application's document
 * slots (`slotted-pending.ts`).
 */
export const PENDING_DOCUMENT_ENTITY = 'PendingDocument';
/** One slot counter for every document type of an application. */
const SLOT_KIND = 'documents';

export const pendingDocumentSchema = z.object({
  ...pendingFileFields,
  applicationId: z.string(),
  type: z.string(),
});
export type PendingDocument = z.infer<typeof pendingDocumentSchema>;

const pendingDocuments = slottedPendingEntity({
  tag: PENDING_DOCUMENT_ENTITY,
  schema: pendingDocumentSchema,
  partitionOf: (document) => partitions.application(document.applicationId),
  slotKindOf: () => SLOT_KIND,
});

export const pendingDocumentKey = (applicationId: string, uploadId: string): ItemKey =>
  pendingDocuments.key(partitions.application(applicationId), uploadId);

/** Access pattern: record a presigned document and take a slot; false when all are taken. */
export function reservePendingDocument(
  document: PendingDocument,
  maxCount: number,
): Promise<boolean> {
  return pendingDocuments.reserve(document, maxCount);
}

export function getPendingDocument(
  applicationId: string,
  uploadId: string,
): Promise<PendingDocument | null> {
  return pendingDocuments.get(partitions.application(applicationId), uploadId);
}

/** Access pattern: end a refused or expired document and give its slot back, once. */
export function releasePendingDocument(document: PendingDocument): Promise<boolean> {
  return pendingDocuments.release(document);
}

/** Access pattern: an application's unconfirmed documents whose slot time is over. */
export function listExpiredPendingDocuments(
  applicationId: string,
  now = new Date(),
): Promise<PendingDocument[]> {
  return pendingDocuments.listExpired(partitions.application(applicationId), now);
}

/**
 * Access pattern: the verified document becomes an application document and stops being
 * pending, in one transaction (the slot stays taken); a repeated confirmation loses.
 */
export async function promotePendingDocument(
  document: PendingDocument,
  attachment: AttachmentRecord,
): Promise<void> {
  await writeTransaction([
    pendingDocuments.doneTx(document),
    applicationDocumentTx(attachment),
  ]).catch((error: unknown) => {
    if (cancellationReasons(error)) throw conflict('This document is already attached');
    throw error;
  });
}
