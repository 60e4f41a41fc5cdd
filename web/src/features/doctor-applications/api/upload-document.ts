import type { Attachment } from '@shared/cases/api';
import {
  confirmApplicationDocument,
  uploadApplicationDocument as uploadDocumentRoute,
} from '@shared/doctor-applications/contracts';
import {
  applicationDocumentMessages,
  type ApplicationDocumentType,
} from '@shared/doctor-applications/submit';
import { request, serverMessageOf, urlOf } from '@web/lib/api';
import { contentTypeOf } from '@web/lib/uploads/file-types';
import { postToStorage, StorageUploadError } from '@web/lib/uploads/post-to-storage';

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

function messageOf(error: unknown): string | undefined {
  if (error instanceof StorageUploadError) return error.message;
  return serverMessageOf(error);
}

/**
 * One document of an application (spec doc 2 §7: one call per document, in parallel after the
 * application is created), in three steps like a case's files (issue 10 item 6): ask
 * `POST /api/doctor-applications/{id}/upload` for a presigned POST, send the file to storage,
 * then confirm with `POST /api/doctor-applications/{id}/documents`, where the server checks the
 * stored bytes. A file the browser did not label (`scan.JPG` with an empty type) is declared
 * with the type its extension names. A failure carries the server's message or
 * 'Failed to upload {type}'.
 */
export async function uploadApplicationDocument(
  applicationId: string,
  type: ApplicationDocumentType,
  file: File,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Attachment> {
  const params = { applicationId };
  try {
    const grant = await request(uploadDocumentRoute, {
      params,
      body: {
        type,
        filename: file.name,
        contentType: contentTypeOf(file) || 'application/octet-stream',
        size: file.size,
      },
      signal,
    });
    await postToStorage(grant.url, grant.fields, file, file.name, { signal });
    return await request(confirmApplicationDocument, {
      params,
      body: { uploadId: grant.uploadId },
      signal,
    });
  } catch (error) {
    throw new DocumentUploadError(
      messageOf(error) || applicationDocumentMessages.uploadFailed(type),
      { cause: error },
    );
  }
}
