import { randomUUID } from 'node:crypto';
import { auditLogEntrySchema, type AuditLogEntry } from '@shared/admin/audit-log';
import { listEntry, partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { listQuery, queryFirst } from './table';
import { newItemTx, type TransactItem } from './transaction';

export type AuditAction = 'APPROVED' | 'REJECTED' | 'CREATED' | 'UPDATED';

/** Audit entries live in their application's partition and in the `AUDIT_LOGS` list. */
export const AUDIT_LOG_ENTITY = 'AuditLog';
const entity = { tag: AUDIT_LOG_ENTITY };

export const auditEntryKey = (applicationId: string, timestamp: string, id: string): ItemKey => ({
  pk: partitions.application(applicationId),
  sk: `AUDIT#${timestamp}#${id}`,
});

/**
 * An audit entry as a transaction item: every status change writes its entry in the same
 * transaction as the change (issue 4), and no API route updates or deletes one.
 */
export function auditEntryTx(entry: {
  action: AuditAction;
  applicationId: string;
  adminId: string | null;
  previousStatus: string | null;
  newStatus: string;
  notes: string;
  timestamp: string;
}): TransactItem {
  const id = randomUUID();
  const stored: AuditLogEntry & { metadata: Record<string, unknown> } = {
    id,
    timestamp: entry.timestamp,
    action: entry.action,
    applicationId: entry.applicationId,
    adminId: entry.adminId ?? '',
    previousStatus: entry.previousStatus,
    newStatus: entry.newStatus,
    notes: entry.notes,
    metadata: {},
  };
  return newItemTx({
    ...auditEntryKey(entry.applicationId, entry.timestamp, id),
    ...listEntry('AUDIT_LOGS', entry.timestamp, id),
    entity: AUDIT_LOG_ENTITY,
    ...stored,
  });
}

/** Access pattern: all audit entries, newest first (gsi1 `AUDIT_LOGS`). */
export async function listAuditEntries(limit = 500): Promise<AuditLogEntry[]> {
  const items = await queryFirst(listQuery('AUDIT_LOGS', { newestFirst: true }), limit);
  return items.map((item) => parseStored(auditLogEntrySchema, entity, item));
}
