import type { Attachment } from '@shared/cases/api';
import type { AttachmentRecord } from '#db/attachments';

/** An attachment as the API lists it (spec doc 2 §3); the URL is presigned by later issues. */
export function toAttachmentView(record: AttachmentRecord): Attachment {
  return {
    id: record.id,
    filename: record.filename,
    originalName: record.originalName,
    type: record.type,
    size: record.size,
    url: null,
    createdAt: record.createdAt,
  };
}
