import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditLogEntry, AuditLogPage } from '@shared/admin/api';
import { adminListLogs } from '@shared/admin/contracts';
import { request } from '@web/lib/api';
import { adminAuth } from './admin-request';
import { adminKeys } from './keys';
import { adminPaging, pageQuery } from './pages';

/** `GET /api/admin/logs?limit=&cursor=`: one page of audit entries, newest first. */
export function getAuditLogs({
  cursor,
  signal,
}: { cursor?: string; signal?: AbortSignal } = {}): Promise<AuditLogPage> {
  return request(adminListLogs, { query: pageQuery(cursor), signal, auth: adminAuth() });
}

/** A bound on the pages one export reads, so a server that never ends the list cannot hang it. */
const MAX_EXPORT_PAGES = 1000;

/** Every audit entry, newest first, page after page: the CSV export holds the whole log. */
export async function getAllAuditLogs(): Promise<AuditLogEntry[]> {
  const entries: AuditLogEntry[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_EXPORT_PAGES; page += 1) {
    const answer = await getAuditLogs({ cursor });
    entries.push(...answer.items);
    if (!answer.nextCursor) return entries;
    cursor = answer.nextCursor;
  }
  throw new Error('The audit log did not end');
}

export function auditLogsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminKeys.logs(),
    queryFn: ({ pageParam, signal }) => getAuditLogs({ cursor: pageParam, signal }),
    ...adminPaging,
  });
}

export function useAuditLogs() {
  return useInfiniteQuery(auditLogsQueryOptions());
}
