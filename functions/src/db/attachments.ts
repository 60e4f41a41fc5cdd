import * as z from 'zod';
import { conflict } from '../core/errors';
import { partitions, type ItemKey } from './keys';
import { pendingUploadDoneTx, type PendingUpload } from './pending-uploads';
import { parseStored } from './records';
import { type StoredItem } from './table';
import { cancellationReasons, newItemTx, writeTransaction } from './transaction';
import { takeUploadSlotTx } from './upload-slots';

/** A verified file of a case (or, as an application document, of an application). */
export const ATTACHMENT_ENTITY = 'Attachment';
const entity = { tag: ATTACHMENT_ENTITY };
const SK_PREFIX = 'ATTACHMENT#';

export const attachmentKey = (caseId: string, attachmentId: string): ItemKey => ({
  pk: partitions.case(caseId),
  sk: `${SK_PREFIX}${attachmentId}`,
});

export const attachmentRecordSchema = z.object({
  id: z.string(),
  caseId: z.string().nullable(),
  doctorApplicationId: z.string().nullable(),
  type: z.string(),
  kind: z.string(),
  filename: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  s3Key: z.string(),
  createdAt: z.string(),
});
export type AttachmentRecord = z.infer<typeof attachmentRecordSchema>;

export const isAttachmentItem = (item: StoredItem): boolean =>
  typeof item.sk === 'string' && item.sk.startsWith(SK_PREFIX);

export const parseAttachment = (item: StoredItem): AttachmentRecord =>
  parseStored(attachmentRecordSchema, entity, item);

const caseAttachmentItem = (caseId: string, attachment: AttachmentRecord) => ({
  ...attachmentKey(caseId, attachment.id),
  entity: ATTACHMENT_ENTITY,
  ...attachment,
});

/**
 * The verified upload becomes an Attachment and stops being pending, in one transaction, so a
 * confirmation repeated by a retrying browser cannot create two attachments.
 */
export async function promotePendingUpload(
  upload: PendingUpload,
  attachment: AttachmentRecord,
): Promise<void> {
  const items = [
    pendingUploadDoneTx(upload),
    newItemTx(caseAttachmentItem(upload.caseId, attachment)),
  ];
  await writeTransaction(items).catch((error: unknown) => {
    // A retried confirmation that lost the race: the file is attached once, by the other call.
    if (cancellationReasons(error)) throw conflict('This file is already attached');
    throw error;
  });
}

/**
 * Inline uploads (POST /api/cases multipart) are verified before they are stored; each takes
 * one slot of its kind (`upload-slots.ts`) in the same transaction, so the case's file count
 * includes them.
 */
export async function insertAttachment(
  attachment: AttachmentRecord,
  maxCount: number,
): Promise<void> {
  if (!attachment.caseId) throw new Error('case attachment without case');
  await writeTransaction([
    newItemTx(caseAttachmentItem(attachment.caseId, attachment)),
    takeUploadSlotTx(partitions.case(attachment.caseId), attachment.kind, maxCount),
  ]);
}
