import { defineRoute } from '../http/contract';
import { caseParamsSchema, caseStatusResponseSchema } from './api';
import { createCaseResponseSchema } from './intake';

/**
 * Case routes (spec doc 1 §7, doc 2 §7). The routes marked "not built yet" answer 501 today;
 * their response schemas arrive with the issues that build them.
 */

/**
 * Reading A's intake. Multipart (name, triageSummary, email, phone, optional inline files), so
 * there is no JSON body schema: the handler reads the form and parses it with `caseIntakeSchema`.
 */
export const createCase = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases',
  response: createCaseResponseSchema,
});

/** Polled by the processing (2 s) and visit (5 s) pages. */
export const getCaseStatus = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/cases/{caseId}/status',
  params: caseParamsSchema,
  response: caseStatusResponseSchema,
});

/** Not built yet (feedback issue). */
export const submitFeedback = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases/{caseId}/feedback',
  params: caseParamsSchema,
});

/** Not built yet (provider dashboard issue). */
export const listCases = /* @__PURE__ */ defineRoute({ method: 'GET', path: '/api/cases' });

/** Not built yet (provider dashboard issue). */
export const getCaseDetails = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/cases/{caseId}/details',
  params: caseParamsSchema,
});

/** Not built yet (provider dashboard issue): the case id travels in the body. */
export const claimCase = /* @__PURE__ */ defineRoute({ method: 'POST', path: '/api/cases/claim' });

/** Not built yet (provider dashboard issue): the attachments a provider reads for a case. */
export const listCaseAttachments = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/cases/{caseId}/attachments',
  params: caseParamsSchema,
});
