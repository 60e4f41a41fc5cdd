import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditLogEntry } from '@shared/admin/api';
import { db, tableName } from './client';
import { auditListIndexKey, keys } from './keys';

export type AuditAction = 'APPROVED' | 'REJECTED' | 'CREATED' | 'UPDATED';

/**
 * An audit entry as a transaction item: every status change writes its entry in the same
 * transaction as the change (issue 4), and no API route updates or deletes one.
 */
export function auditEntryPut(entry: {
  action: AuditAction;
  applicationId: string;
  adminId: string | null;
  previousStatus: string | null;
  newStatus: string;
  notes: string;
  timestamp: string;
}) {
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
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.auditEntry(entry.applicationId, entry.timestamp, id),
        ...auditListIndexKey(entry.timestamp, id),
        entity: 'AuditLog',
        ...stored,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Access pattern: all audit entries, newest first (gsi1 `AUDIT_LOGS`). */
export async function listAuditEntries(limit = 500): Promise<AuditLogEntry[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'AUDIT_LOGS' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => ({
    id: String(item.id),
    timestamp: String(item.timestamp),
    action: String(item.action),
    applicationId: String(item.applicationId),
    adminId: String(item.adminId ?? ''),
    previousStatus: (item.previousStatus as string | null) ?? null,
    newStatus: String(item.newStatus),
    notes: String(item.notes ?? ''),
  }));
}
