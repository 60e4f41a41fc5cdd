import { attachmentListSchema } from '../attachments';
import { defineRoute } from '../../http/contract';
import { caseParamsSchema } from '../case-id';

/**
 * Provider only: the case's files with short-lived download links; the same access rule as
 * the details route.
 */
export const listCaseAttachments = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/cases/{caseId}/attachments',
  params: caseParamsSchema,
  response: attachmentListSchema,
});
