import { uploadApplicationDocument as uploadDocumentRoute } from '@shared/doctor-applications/contracts';
import {
  applicationDocumentMessages,
  type ApplicationDocumentType,
} from '@shared/doctor-applications/submit';
import { sendForm, serverMessageOf, urlOf } from '@web/lib/api';
import { contentTypeOf } from '@web/lib/uploads/file-types';

export function uploadDocumentUrl(applicationId: string): string {
  return urlOf(uploadDocumentRoute, { params: { applicationId } });
}

/** A document that did not arrive; `message` is what the applicant reads (spec doc 2 §8). */
export class DocumentUploadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocumentUploadError';
  }
}

/**
 * `POST /api/doctor-applications/{id}/upload` (spec doc 2 §7): multipart with `type` and `file`
 * (the type first, so the server knows it before the file streams in). The browser sets the
 * multipart content type. A file the browser did not label (`scan.JPG` with an empty type) is
 * sent with the type its extension names, which the server checks against the bytes. A failure
 * carries the server's message or 'Failed to upload {type}'.
 */
export async function uploadApplicationDocument(
  applicationId: string,
  type: ApplicationDocumentType,
  file: File,
  { signal }: { signal?: AbortSignal } = {},
): Promise<unknown> {
  const body = new FormData();
  body.append('type', type);
  const contentType = contentTypeOf(file);
  const part =
    contentType && contentType !== file.type
      ? new File([file], file.name, { type: contentType })
      : file;
  body.append('file', part, file.name);
  try {
    const res = await sendForm(uploadDocumentRoute, body, { params: { applicationId }, signal });
    return (await res.json().catch(() => null)) as unknown;
  } catch (error) {
    throw new DocumentUploadError(
      serverMessageOf(error) || applicationDocumentMessages.uploadFailed(type),
      { cause: error },
    );
  }
}
