import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogEntry } from '@shared/admin/api';
import { adminListLogs } from '@shared/admin/contracts';
import { request } from '@web/lib/api';
import { adminAuth } from './admin-request';
import { adminKeys } from './keys';

/** Newest first, as the server sends them. */
export function getAuditLogs({ signal }: { signal?: AbortSignal } = {}): Promise<AuditLogEntry[]> {
  return request(adminListLogs, { signal, auth: adminAuth() });
}

export function auditLogsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.logs(),
    queryFn: ({ signal }) => getAuditLogs({ signal }),
  });
}

export function useAuditLogs() {
  return useQuery(auditLogsQueryOptions());
}
