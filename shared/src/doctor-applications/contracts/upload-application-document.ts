import { attachmentSchema } from '../../cases/attachments';
import { defineRoute } from '../../http/contract';
import { applicationParamsSchema } from '../application-id';

/**
 * Multipart `file` + `type`, so there is no JSON body schema: the handler reads the form and
 * parses `type` with `applicationDocumentTypeSchema`.
 */
export const uploadApplicationDocument = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/doctor-applications/{applicationId}/upload',
  params: applicationParamsSchema,
  response: attachmentSchema,
});
