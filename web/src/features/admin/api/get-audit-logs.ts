import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { auditLogEntrySchema, type AuditLogEntry } from '@shared/admin/api';
import { adminGet } from './admin-request';
import { adminKeys } from './keys';

export const ADMIN_LOGS_URL = '/api/admin/logs';

const auditLogListSchema = z.array(auditLogEntrySchema);

/** Newest first, as the server sends them. */
export function getAuditLogs({ signal }: { signal?: AbortSignal } = {}): Promise<AuditLogEntry[]> {
  return adminGet(ADMIN_LOGS_URL, auditLogListSchema, { signal });
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
