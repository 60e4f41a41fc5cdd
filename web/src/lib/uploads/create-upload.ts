import {
  createUploadResponseSchema,
  type CreateUploadRequest,
  type CreateUploadResponse,
} from '@shared/cases/api';
import { apiRequest } from '@web/lib/api';

export function caseUploadsUrl(caseId: string): string {
  return `/api/cases/${encodeURIComponent(caseId)}/uploads`;
}

/**
 * `POST /api/cases/{caseId}/uploads`: asks for a presigned POST for one file (DESIGN.md §6). The
 * server picks the object key, the exact content type and the size range.
 */
export async function createUpload(
  caseId: string,
  request: CreateUploadRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CreateUploadResponse> {
  const res = await apiRequest('POST', caseUploadsUrl(caseId), request, { signal });
  return createUploadResponseSchema.parse(await res.json());
}
