import type { Attachment } from '@shared/cases/api';
import { confirmCaseUpload } from '@shared/uploads/contracts';
import { request } from '@web/lib/api';
import { patientKeyHeaders } from '@web/lib/patient-key';

/**
 * `POST /api/cases/{caseId}/attachments` `{ uploadId }`: the server checks the stored object
 * (size, type by its first bytes) and only then counts it as an attachment of the case.
 */
export async function confirmUpload(
  caseId: string,
  uploadId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Attachment> {
  return request(confirmCaseUpload, {
    params: { caseId },
    body: { uploadId },
    headers: patientKeyHeaders(caseId),
    signal,
  });
}
