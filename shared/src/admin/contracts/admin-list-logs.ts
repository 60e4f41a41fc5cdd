import { defineRoute } from '../../http/contract';
import { auditLogSchema } from '../audit-log';

export const adminListLogs = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/admin/logs',
  response: auditLogSchema,
});
