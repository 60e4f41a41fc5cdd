import { attachmentListSchema } from '../../cases/attachments';
import { defineRoute } from '../../http/contract';
import { applicationParamsSchema } from '../application-id';

/** Admin only: the documents with 5-minute download links. */
export const listApplicationAttachments = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/doctor-applications/{applicationId}/attachments',
  params: applicationParamsSchema,
  response: attachmentListSchema,
});
