import type { Attachment } from '@shared/cases/attachments';
import type { AttachmentRecord } from '#db/attachments';
import { toAttachmentView } from '../uploads/attachment-view';
import { presignDownload } from '../uploads/storage';

/** The case's files as listed (spec doc 2 §3), each with a short-lived presigned GET. */
export function attachmentsWithLinks(records: AttachmentRecord[]): Promise<Attachment[]> {
  return Promise.all(
    records.map(async (record) => ({
      ...toAttachmentView(record),
      url: await presignDownload(record.s3Key, record.originalName, record.contentType),
    })),
  );
}
