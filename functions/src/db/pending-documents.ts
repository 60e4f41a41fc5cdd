import * as z from 'zod';
import { conflict } from '../lib/errors';
import { applicationDocumentTx } from './application-documents';
import type { AttachmentRecord } from './attachments';
import { partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { getItem, IF_EXISTS, partitionQuery, queryAll } from './table';
import {
  cancellationReasons,
  deleteTx,
  newItemTx,
  writeTransaction,
  type TransactItem,
} from './transaction';
import { releaseUploadSlotTx, takeUploadSlotTx } from './upload-slots';

/**
 * A doctor's document the browser was allowed to upload (presigned POST) but the server has not
 * verified yet, in the application's partition. Like a case's pending upload it holds one of the
 * application's document slots until it is confirmed, refused or expired.
 */
export const PENDING_DOCUMENT_ENTITY = 'PendingDocument';
const entity = { tag: PENDING_DOCUMENT_ENTITY };
const SK_PREFIX = 'UPLOAD#';
/** One slot counter for every document type of an application. */
const SLOT_KIND = 'documents';

export const pendingDocumentKey = (applicationId: string, uploadId: string): ItemKey => ({
  pk: partitions.application(applicationId),
  sk: `${SK_PREFIX}${uploadId}`,
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

/** As for case uploads (`pending-uploads.ts`): the slot is held 15 minutes, and no TTL. */
const PENDING_SLOT_MS = 15 * 60 * 1000;

const parsePendingDocument = (item: Record<string, unknown>): PendingDocument =>
  parseStored(pendingDocumentSchema, entity, item);

const slotOf = (document: PendingDocument) => partitions.application(document.applicationId);

/** Access pattern: record a presigned document and take a slot; false when all are taken. */
export async function reservePendingDocument(
  document: PendingDocument,
  maxCount: number,
): Promise<boolean> {
  try {
    await writeTransaction([
      newItemTx({
        ...pendingDocumentKey(document.applicationId, document.uploadId),
        entity: PENDING_DOCUMENT_ENTITY,
        ...document,
      }),
      takeUploadSlotTx(slotOf(document), SLOT_KIND, maxCount),
    ]);
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[1] === 'ConditionalCheckFailed') return false;
    throw error;
  }
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
export async function releasePendingDocument(document: PendingDocument): Promise<boolean> {
  try {
    await writeTransaction([
      pendingDoneTx(document),
      releaseUploadSlotTx(slotOf(document), SLOT_KIND),
    ]);
    return true;
  } catch (error) {
    if (cancellationReasons(error)) return false;
    throw error;
  }
}

/** Access pattern: an application's unconfirmed documents whose slot time is over. */
export async function listExpiredPendingDocuments(
  applicationId: string,
  now = new Date(),
): Promise<PendingDocument[]> {
  const items = await queryAll(
    partitionQuery(partitions.application(applicationId), {
      skPrefix: SK_PREFIX,
      consistent: true,
    }),
  );
  const before = now.getTime() - PENDING_SLOT_MS;
  return items
    .map(parsePendingDocument)
    .filter((document) => Date.parse(document.createdAt) < before);
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
