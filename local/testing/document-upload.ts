import type { TestStack } from './global-setup';
import { postJson } from './patient-journey';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import { postToStorage } from './storage-upload';

interface DocumentFile {
  name: string;
  contentType: string;
  bytes: string | Uint8Array<ArrayBuffer>;
  type: string;
}

/**
 * The first two steps of the apply page's upload (issue 10 item 6): ask for a presigned POST and
 * send the bytes to storage. Answers the refusal of the ask, or the upload id to confirm.
 */
export async function storeDocument(
  stack: TestStack,
  applicationId: string,
  file: DocumentFile,
): Promise<Response | { uploadId: string }> {
  const blob = new Blob([file.bytes], { type: file.contentType });
  const asked = await postJson(
    stack,
    pathOf(applicationContracts.uploadApplicationDocument, { applicationId }),
    { type: file.type, filename: file.name, contentType: file.contentType, size: blob.size },
  );
  if (asked.status !== 201) return asked;
  const grant = (await asked.json()) as {
    uploadId: string;
    url: string;
    fields: Record<string, string>;
  };
  const stored = await postToStorage(grant, blob, file.name);
  if (stored.status >= 300) throw new Error(`storage refused the upload: ${stored.status}`);
  return { uploadId: grant.uploadId };
}

/**
 * A doctor's document as the apply page uploads it: ask for a presigned POST, send the bytes to
 * storage, confirm. Answers the first refusal, or the confirmation.
 */
export async function uploadDocument(
  stack: TestStack,
  applicationId: string,
  file: DocumentFile,
): Promise<Response> {
  const stored = await storeDocument(stack, applicationId, file);
  if (stored instanceof Response) return stored;
  return postJson(
    stack,
    pathOf(applicationContracts.confirmApplicationDocument, { applicationId }),
    { uploadId: stored.uploadId },
  );
}
