import {
  attachmentSchema,
  caseParamsSchema,
  confirmUploadRequestSchema,
  createUploadRequestSchema,
  createUploadResponseSchema,
} from '../cases/api';
import { defineRoute } from '../http/contract';

/** Files of a case through presigned S3 POSTs (DESIGN.md §6): ask, upload to S3, confirm. */

export const createCaseUpload = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases/{caseId}/uploads',
  params: caseParamsSchema,
  body: createUploadRequestSchema,
  response: createUploadResponseSchema,
});

/** The server checks the stored object before the attachment counts. */
export const confirmCaseUpload = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases/{caseId}/attachments',
  params: caseParamsSchema,
  body: confirmUploadRequestSchema,
  response: attachmentSchema,
});
