import { createUploadRequestSchema, createUploadResponseSchema } from '../../cases/attachments';
import { caseParamsSchema } from '../../cases/case-id';
import { defineRoute } from '../../http/contract';

export const createCaseUpload = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases/{caseId}/uploads',
  params: caseParamsSchema,
  body: createUploadRequestSchema,
  response: createUploadResponseSchema,
});
