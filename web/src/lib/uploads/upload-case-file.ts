import type { Attachment } from '@shared/cases/api';
import type { UploadKind } from '@shared/uploads/rules';
import { confirmUpload } from './confirm-upload';
import { createUpload } from './create-upload';
import { postToStorage } from './post-to-storage';
import { contentTypeOf } from './file-types';

/** The three steps of one upload, reported as they start. */
export type UploadStage = 'requesting' | 'uploading' | 'confirming';

export interface UploadCaseFileOptions {
  onStage?: (stage: UploadStage) => void;
  signal?: AbortSignal;
}

/**
 * Uploads one file into a case (DESIGN.md §6): presign (`POST /api/cases/{id}/uploads`), send it
 * to storage with the presigned POST, then confirm (`POST /api/cases/{id}/attachments`).
 */
export async function uploadCaseFile(
  caseId: string,
  file: File,
  kind: UploadKind,
  durationSeconds?: number,
  { onStage, signal }: UploadCaseFileOptions = {},
): Promise<Attachment> {
  onStage?.('requesting');
  const upload = await createUpload(
    caseId,
    {
      kind,
      filename: file.name,
      contentType: contentTypeOf(file),
      size: file.size,
      ...(durationSeconds === undefined ? {} : { durationSeconds }),
    },
    { signal },
  );

  onStage?.('uploading');
  await postToStorage(upload.url, upload.fields, file, file.name, { signal });

  onStage?.('confirming');
  return confirmUpload(caseId, upload.uploadId, { signal });
}

export { UPLOAD_FAILED_MESSAGE, uploadErrorMessage } from './upload-errors';
