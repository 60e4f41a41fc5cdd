import { defineRoute } from '../../http/contract';
import { createCaseResponseSchema } from '../intake';

/**
 * Reading A's intake. Multipart (name, triageSummary, email, phone, optional inline files), so
 * there is no JSON body schema: the handler reads the form and parses it with `caseIntakeSchema`.
 */
export const createCase = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases',
  response: createCaseResponseSchema,
});
