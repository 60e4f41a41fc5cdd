import { attachmentSchema, confirmUploadRequestSchema } from '../../cases/attachments';
import { caseParamsSchema } from '../../cases/case-id';
import { defineRoute } from '../../http/contract';

/** The server checks the stored object before the attachment counts. */
export const confirmCaseUpload = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases/{caseId}/attachments',
  params: caseParamsSchema,
  body: confirmUploadRequestSchema,
  response: attachmentSchema,
});
