import { pathOf } from '@shared/http/contract';
import { confirmCaseUpload, createCaseUpload } from '@shared/uploads/contracts';
import { json, type ApiMock } from './api-mock';
import { CASE_ID } from './fixtures';

/** The three steps of a case upload (presign, S3 POST, confirm), as the request mock sees them. */

export const STORAGE_URL = 'https://uploads.example.test/telehealth-uploads';

export const uploadsRoute = (caseId = CASE_ID) => `POST ${pathOf(createCaseUpload, { caseId })}`;
export const attachmentsRoute = (caseId = CASE_ID) =>
  `POST ${pathOf(confirmCaseUpload, { caseId })}`;
export const storageRoute = `POST ${STORAGE_URL}`;

/** Presign, storage and confirm answers that succeed; upload ids are `upload-1`, `upload-2`... */
export function answerUploads(api: ApiMock, caseId = CASE_ID): void {
  api.on(uploadsRoute(caseId), (request, call) => {
    const { contentType } = request.body as { contentType: string };
    return json({
      uploadId: `upload-${call + 1}`,
      url: STORAGE_URL,
      fields: {
        key: `cases/${caseId}/upload-${call + 1}`,
        'Content-Type': contentType,
        Policy: 'policy-document',
        'X-Amz-Signature': 'signature',
      },
      expiresAt: '2030-01-01T00:05:00.000Z',
    });
  });
  api.on(storageRoute, () => new Response(null, { status: 204 }));
  api.on(attachmentsRoute(caseId), (request) => {
    const { uploadId } = request.body as { uploadId: string };
    return json({
      id: `attachment-${uploadId}`,
      filename: `1732190000000-${uploadId}`,
      originalName: uploadId,
      type: 'medical_record',
      size: 10,
      url: null,
      createdAt: '2030-01-01T00:00:00.000Z',
    });
  });
}
