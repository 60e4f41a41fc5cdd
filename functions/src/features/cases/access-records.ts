import type { AccessAuditAction } from '@shared/admin/audit-log';
import { recordAccess } from '#db/audit-log';
import type { Session } from '#lib/auth/sessions';
import type { HttpEvent } from '#lib/http/types';

/**
 * Records that the signed-in provider or admin is being sent these cases' patient data (issue 25
 * item 5, docs/adr/0014-access-audit.md). Awaited before the handler answers: if the record
 * cannot be written the read fails closed (DynamoDB's failure is a 503), so every answer that
 * carried patient data has its record. The request id ties it to the request's log lines.
 */
export function recordCaseAccess(
  { session, event }: { session: Session; event: HttpEvent },
  action: AccessAuditAction,
  caseIds: readonly string[],
  notes = '',
  now = new Date(),
): Promise<void> {
  return recordAccess({
    action,
    actorRole: session.role,
    actorId: session.subjectId,
    caseIds,
    requestId: event.requestContext?.requestId ?? '',
    notes,
    timestamp: now.toISOString(),
  });
}

/** The access record's note for file links issued: how many, and which attachments (ids only). */
export function linksIssuedNote(attachmentIds: readonly string[]): string {
  if (attachmentIds.length === 0) return 'No download links issued';
  return `${attachmentIds.length} download link(s) issued: ${attachmentIds.join(', ')}`;
}
