import {
  applicationDocumentMessages,
  type ApplicationDocumentType,
} from '@shared/doctor-applications/submit';
import { contentTypeOf } from '@web/lib/uploads/file-types';
import { throwIfResNotOk } from '@web/lib/api';
import { errorEnvelopeOf } from './error-envelope';

export function uploadDocumentUrl(applicationId: string): string {
  return `/api/doctor-applications/${encodeURIComponent(applicationId)}/upload`;
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
    const res = await fetch(uploadDocumentUrl(applicationId), {
      method: 'POST',
      body,
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    await throwIfResNotOk(res);
    return (await res.json().catch(() => null)) as unknown;
  } catch (error) {
    throw new DocumentUploadError(
      errorEnvelopeOf(error)?.message || applicationDocumentMessages.uploadFailed(type),
      { cause: error },
    );
  }
}
