import { attachmentSchema, confirmUploadRequestSchema } from '../../cases/attachments';
import { defineRoute } from '../../http/contract';
import { applicationParamsSchema } from '../application-id';

/** Step three: the server checks the stored object before the document counts. */
export const confirmApplicationDocument = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/doctor-applications/{applicationId}/documents',
  params: applicationParamsSchema,
  body: confirmUploadRequestSchema,
  response: attachmentSchema,
});
