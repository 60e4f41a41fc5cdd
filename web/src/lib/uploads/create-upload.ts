import type { CreateUploadRequest, CreateUploadResponse } from '@shared/cases/api';
import { createCaseUpload } from '@shared/uploads/contracts';
import { request } from '@web/lib/api';
import { patientKeyHeaders } from '@web/lib/patient-key';

/**
 * `POST /api/cases/{caseId}/uploads`: asks for a presigned POST for one file (DESIGN.md §6). The
 * server picks the object key, the exact content type and the size range.
 */
export async function createUpload(
  caseId: string,
  upload: CreateUploadRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CreateUploadResponse> {
  return request(createCaseUpload, {
    params: { caseId },
    body: upload,
    headers: patientKeyHeaders(caseId),
    signal,
  });
}
