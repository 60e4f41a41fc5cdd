import { defineRoute } from '../../http/contract';
import { caseParamsSchema } from '../case-id';

/** Not built yet (provider dashboard issue): the attachments a provider reads for a case. */
export const listCaseAttachments = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/cases/{caseId}/attachments',
  params: caseParamsSchema,
});
