import { attachmentSchema, caseParamsSchema, confirmUploadRequestSchema } from '../../cases/api';
import { defineRoute } from '../../http/contract';

/** The server checks the stored object before the attachment counts. */
export const confirmCaseUpload = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases/{caseId}/attachments',
  params: caseParamsSchema,
  body: confirmUploadRequestSchema,
  response: attachmentSchema,
});
