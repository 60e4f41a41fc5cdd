import { attachmentSchema, type Attachment } from '@shared/cases/api';
import { apiRequest } from '@web/lib/api';

export function caseAttachmentsUrl(caseId: string): string {
  return `/api/cases/${encodeURIComponent(caseId)}/attachments`;
}

/**
 * `POST /api/cases/{caseId}/attachments` `{ uploadId }`: the server checks the stored object
 * (size, type by its first bytes) and only then counts it as an attachment of the case.
 */
export async function confirmUpload(
  caseId: string,
  uploadId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Attachment> {
  const res = await apiRequest('POST', caseAttachmentsUrl(caseId), { uploadId }, { signal });
  return attachmentSchema.parse(await res.json());
}
