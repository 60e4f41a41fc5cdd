import type { TestStack } from './global-setup';
import { postJson } from './patient-journey';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';

/**
 * A doctor's document as the apply page uploads it (issue 10 item 6): ask for a presigned POST,
 * send the bytes to storage, confirm. Answers the first refusal, or the confirmation.
 */
export async function uploadDocument(
  stack: TestStack,
  applicationId: string,
  file: {
    name: string;
    contentType: string;
    bytes: string | Uint8Array<ArrayBuffer>;
    type: string;
  },
): Promise<Response> {
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
  const form = new FormData();
  for (const [field, value] of Object.entries(grant.fields)) form.set(field, value);
  form.set('file', blob, file.name);
  const stored = await fetch(grant.url, { method: 'POST', body: form });
  if (stored.status >= 300) throw new Error(`storage refused the upload: ${stored.status}`);
  return postJson(
    stack,
    pathOf(applicationContracts.confirmApplicationDocument, { applicationId }),
    { uploadId: grant.uploadId },
  );
}
