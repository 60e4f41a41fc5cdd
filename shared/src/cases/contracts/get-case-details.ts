import { defineRoute } from '../../http/contract';
import { caseParamsSchema } from '../case-id';
import { providerCaseDetailsSchema } from '../provider-case';

/**
 * Provider only: the details dialog. Allowed for available cases and the provider's own; a case
 * another provider holds answers 403 (docs/security.md).
 */
export const getCaseDetails = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/cases/{caseId}/details',
  params: caseParamsSchema,
  response: providerCaseDetailsSchema,
});
