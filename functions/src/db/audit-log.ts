import { randomUUID } from 'node:crypto';
import {
  auditLogEntrySchema,
  type AccessAuditAction,
  type AuditAction,
  type AuditActorRole,
  type AuditLogEntry,
} from '@shared/admin/audit-log';
import { listEntry, lists, partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { IF_NEW, listQuery, putItem, queryFirst } from './table';
import { newItemTx, type TransactItem } from './transaction';

export type { AuditAction };

/**
 * Audit entries live in their application's partition (an access record in its own) and in the
 * `AUDIT_LOGS` list.
 */
export const AUDIT_LOG_ENTITY = 'AuditLog';
const entity = { tag: AUDIT_LOG_ENTITY };

/** Both kinds of entry sort by time within their partition. */
const auditSortKey = (timestamp: string, id: string) => `AUDIT#${timestamp}#${id}`;

export const auditEntryKey = (applicationId: string, timestamp: string, id: string): ItemKey => ({
  pk: partitions.application(applicationId),
  sk: auditSortKey(timestamp, id),
});

/**
 * An access record's own partition: written once, by whoever read, from any case; no read
 * needs its cases' partitions to find it (the list does).
 */
export const ACCESS_RECORD_PREFIX = 'ACCESS#';
export const accessRecordKey = (timestamp: string, id: string): ItemKey => ({
  pk: `${ACCESS_RECORD_PREFIX}${id}`,
  sk: auditSortKey(timestamp, id),
});

/** The application fields of an entry, as an access record leaves them. */
const NO_APPLICATION = {
  applicationId: '',
  previousStatus: null,
  newStatus: '',
} as const;

/** The access-record fields, as an application's entry leaves them. */
const NO_READER = { actorRole: null, actorId: '', caseIds: [], requestId: '' };

/**
 * An access record (issue 25 item 5, docs/adr/0014-access-audit.md): who read which cases'
 * patient data, what and when, in which request. Ids and counts only, never what was read.
 * Put only if new and never updated or deleted (no API route can), kept as long as the table
 * (no TTL). The read it records answers only after this write succeeded: a failed write fails
 * the read (503), so no read goes unrecorded.
 */
export async function recordAccess(entry: {
  action: AccessAuditAction;
  actorRole: AuditActorRole;
  actorId: string;
  caseIds: readonly string[];
  requestId: string;
  /** What else identifies the read, in ids or counts (the attachment ids of the links issued). */
  notes: string;
  timestamp: string;
}): Promise<void> {
  const id = randomUUID();
  const stored: AuditLogEntry & { metadata: Record<string, unknown> } = {
    id,
    timestamp: entry.timestamp,
    action: entry.action,
    ...NO_APPLICATION,
    // The spec's Admin ID column names the admin who read; a provider's read has its own.
    adminId: entry.actorRole === 'admin' ? entry.actorId : '',
    notes: entry.notes,
    actorRole: entry.actorRole,
    actorId: entry.actorId,
    caseIds: [...entry.caseIds],
    requestId: entry.requestId,
    metadata: {},
  };
  await putItem(
    {
      ...accessRecordKey(entry.timestamp, id),
      ...listEntry(lists.auditLogs, entry.timestamp, id),
      entity: AUDIT_LOG_ENTITY,
      ...stored,
    },
    IF_NEW,
  );
}

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
    ...NO_READER,
    metadata: {},
  };
  return newItemTx({
    ...auditEntryKey(entry.applicationId, entry.timestamp, id),
    ...listEntry(lists.auditLogs, entry.timestamp, id),
    entity: AUDIT_LOG_ENTITY,
    ...stored,
  });
}

/**
 * Where a page of the audit log starts: the `AUDIT_LOGS` sort key of the last entry shown and
 * its application id (the entry's table key lives in its application's partition), blank for
 * an access record (its key follows from the sort key).
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
    listQuery(lists.auditLogs, { newestFirst: true }),
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
            sortKey: listEntry(lists.auditLogs, lastShown.timestamp, lastShown.id).gsi1sk,
            applicationId: lastShown.applicationId,
          }
        : null,
  };
}

/** The index start key of the entry at `position` (its sort key is `{timestamp}#{id}`). */
function auditStartKey(position: AuditPosition) {
  const [timestamp = '', id = ''] = position.sortKey.split('#');
  return {
    ...(position.applicationId
      ? auditEntryKey(position.applicationId, timestamp, id)
      : accessRecordKey(timestamp, id)),
    ...listEntry(lists.auditLogs, timestamp, id),
  };
}
