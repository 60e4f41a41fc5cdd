import { randomUUID } from 'node:crypto';
import { auditLogEntrySchema, type AuditAction, type AuditLogEntry } from '@shared/admin/audit-log';
import { listEntry, partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { listQuery, queryFirst } from './table';
import { newItemTx, type TransactItem } from './transaction';

export type { AuditAction };

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

/**
 * Where a page of the audit log starts: the `AUDIT_LOGS` sort key of the last entry shown and
 * its application id (the entry's table key lives in its application's partition).
 */
export interface AuditPosition {
  sortKey: string;
  applicationId: string;
}

/**
 * Access pattern: one page of the audit entries, newest first (gsi1 `AUDIT_LOGS`, `limit + 1`
 * items after `after`, a position this function returned), and the position of the last one
 * shown when another page exists.
 */
export async function listAuditPage(
  limit: number,
  after?: AuditPosition,
): Promise<{ entries: AuditLogEntry[]; last: AuditPosition | null }> {
  const startKey = after ? auditStartKey(after) : undefined;
  const items = await queryFirst(
    listQuery('AUDIT_LOGS', { newestFirst: true }),
    limit + 1,
    startKey,
  );
  const entries = items
    .slice(0, limit)
    .map((item) => parseStored(auditLogEntrySchema, entity, item));
  const lastShown = entries.at(-1);
  return {
    entries,
    last:
      items.length > limit && lastShown
        ? {
            sortKey: listEntry('AUDIT_LOGS', lastShown.timestamp, lastShown.id).gsi1sk,
            applicationId: lastShown.applicationId,
          }
        : null,
  };
}

/** The index start key of the entry at `position` (its sort key is `{timestamp}#{id}`). */
function auditStartKey(position: AuditPosition) {
  const [timestamp = '', id = ''] = position.sortKey.split('#');
  return {
    ...auditEntryKey(position.applicationId, timestamp, id),
    ...listEntry('AUDIT_LOGS', timestamp, id),
  };
}
