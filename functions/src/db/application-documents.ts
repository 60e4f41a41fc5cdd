import { attachmentRecordSchema, ATTACHMENT_ENTITY, type AttachmentRecord } from './attachments';
import { partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { partitionQuery, queryAll } from './table';
import { newItemTx, type TransactItem } from './transaction';

/**
 * A document of a doctor application, in the application's partition. It is stored as an
 * Attachment (same record and tag as a case's files); only its key differs.
 */
const entity = { tag: ATTACHMENT_ENTITY };
const SK_PREFIX = 'DOC#';

export const applicationDocumentKey = (applicationId: string, attachmentId: string): ItemKey => ({
  pk: partitions.application(applicationId),
  sk: `${SK_PREFIX}${attachmentId}`,
});

/** A verified document as a transaction item (with the end of its pending upload). */
export function applicationDocumentTx(attachment: AttachmentRecord): TransactItem {
  if (!attachment.doctorApplicationId) throw new Error('document without application');
  return newItemTx({
    ...applicationDocumentKey(attachment.doctorApplicationId, attachment.id),
    entity: ATTACHMENT_ENTITY,
    ...attachment,
  });
}

/** Access pattern: an application's documents (Query on its partition, `DOC#` prefix). */
export async function listApplicationDocuments(applicationId: string): Promise<AttachmentRecord[]> {
  const items = await queryAll(
    partitionQuery(partitions.application(applicationId), { skPrefix: SK_PREFIX }),
  );
  return items.map((item) => parseStored(attachmentRecordSchema, entity, item));
}
