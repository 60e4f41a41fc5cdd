import { applicationParamsSchema } from '../doctor-applications/application-id';
import { defineRoute } from '../http/contract';
import {
  adminApplicationListSchema,
  adminApplicationsQuerySchema,
  adminCaseListSchema,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminLogoutResponseSchema,
  adminStatsSchema,
  auditLogSchema,
  reviewRequestSchema,
  reviewResponseSchema,
} from './api';

/** Administrator routes (spec doc 2 §3, §7). */

export const adminLogin = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/admin/login',
  body: adminLoginRequestSchema,
  response: adminLoginResponseSchema,
});

/** Ends the session on the server. */
export const adminLogout = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/admin/logout',
  response: adminLogoutResponseSchema,
});

export const adminStats = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/admin/stats',
  response: adminStatsSchema,
});

/** Newest first; `status` omitted for All. */
export const adminListApplications = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/admin/applications',
  query: adminApplicationsQuerySchema,
  response: adminApplicationListSchema,
});

export const adminListLogs = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/admin/logs',
  response: auditLogSchema,
});

export const adminListCases = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/admin/cases',
  response: adminCaseListSchema,
});

export const adminApproveApplication = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/admin/applications/{applicationId}/approve',
  params: applicationParamsSchema,
  body: reviewRequestSchema,
  response: reviewResponseSchema,
});

export const adminRejectApplication = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/admin/applications/{applicationId}/reject',
  params: applicationParamsSchema,
  body: reviewRequestSchema,
  response: reviewResponseSchema,
});
