import { envelopeOf } from '@web/lib/api';
import { StorageUploadError } from './post-to-storage';

/*
 * Apart from `upload-case-file.ts`, whose requests bring their contracts (and zod): the upload
 * list reports a failure with this module and loads the uploader with the first upload.
 */

export const UPLOAD_FAILED_MESSAGE = 'Upload failed. Please try again.';

/** What a failed upload shows: the server's message when it sent one. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof StorageUploadError) return error.message;
  const envelope = envelopeOf(error);
  return envelope?.message ?? envelope?.error ?? UPLOAD_FAILED_MESSAGE;
}
