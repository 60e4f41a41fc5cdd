import { listAuditEntries } from '../../db/audit-log';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';

/** GET /api/admin/logs: audit entries, newest first. */
export const handler = httpHandler(routes.adminListLogs, {
  async handle() {
    return { body: await listAuditEntries() };
  },
});
