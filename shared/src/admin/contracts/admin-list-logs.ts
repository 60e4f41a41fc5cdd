import { defineRoute } from '../../http/contract';
import { adminPageQuerySchema } from '../page';
import { auditLogPageSchema } from '../audit-log';

/** One page of the audit log, newest first. */
export const adminListLogs = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/admin/logs',
  query: adminPageQuerySchema,
  response: auditLogPageSchema,
});
