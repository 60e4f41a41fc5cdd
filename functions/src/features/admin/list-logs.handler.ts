import type { AuditLogPage } from '@shared/admin/api';
import { listAuditPage } from '#db/audit-log';
import { httpHandler } from '#lib/http/handler';
import { decodeListCursor, encodeListCursor } from '#lib/list-cursor';
import * as routes from '#routes';
import { AUDIT_PARTITION_PART, AUDIT_SORT_KEY } from './list-cursors';

const LIST = 'admin-logs';

/**
 * GET /api/admin/logs?cursor=&limit=: one page of audit entries, newest first. The cursor holds
 * the last entry's index sort key and its application id (its table key lives there; blank for
 * an access record, whose key follows from the sort key).
 */
export const handler = httpHandler(routes.adminListLogs, {
  async handle({ query }) {
    const after = query.cursor
      ? decodeListCursor(LIST, query.cursor, [AUDIT_SORT_KEY, AUDIT_PARTITION_PART])
      : undefined;
    const page = await listAuditPage(
      query.limit,
      after ? { sortKey: after[0]!, applicationId: after[1]! } : undefined,
    );
    const body: AuditLogPage = {
      items: page.entries,
      nextCursor: page.last
        ? encodeListCursor(LIST, [page.last.sortKey, page.last.applicationId])
        : null,
    };
    return { body };
  },
});
