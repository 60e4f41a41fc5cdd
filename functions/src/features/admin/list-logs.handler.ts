import { listAuditEntries } from '../../db/audit-log';
import { httpHandler } from '../../lib/http/handler';
import { httpRoutes } from '../../routes';

/** GET /api/admin/logs: audit entries, newest first. */
export const handler = httpHandler(httpRoutes.adminListLogs, {
  async handle() {
    return { body: await listAuditEntries() };
  },
});
