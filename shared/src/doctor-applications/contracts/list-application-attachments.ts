import * as z from 'zod';
import { attachmentListSchema } from '../../cases/attachments';
import { defineRoute } from '../../http/contract';
import { applicationRefSchema } from '../application-ref';

/**
 * Admin only: the documents with 5-minute download links. The parameter keeps the name its
 * sibling routes use (`/upload`, `/status/…`) but, like the review routes, takes the admin list
 * item's `id` as well as the application id (application-ref.ts).
 */
export const listApplicationAttachments = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/doctor-applications/{applicationId}/attachments',
  params: z.object({ applicationId: applicationRefSchema }),
  response: attachmentListSchema,
});
