import { formatApplicationId } from '@shared/doctor-applications/application-id';
import type { AccessAuditAction, AuditLogEntry, auditActions } from '@shared/admin/api';

type AuditAction = (typeof auditActions)[number];

/**
 * How each audit action reads (spec doc 2 §4), and the access records of patient data (issue 25
 * item 5); other values are shown raw.
 */
const actionWords: Record<string, { label: string; dotClass: string }> = {
  APPROVED: { label: 'Application Approved', dotClass: 'bg-green-600' },
  REJECTED: { label: 'Application Rejected', dotClass: 'bg-red-600' },
  CREATED: { label: 'Application Submitted', dotClass: 'bg-blue-600' },
  UPDATED: { label: 'Application Updated', dotClass: 'bg-yellow-500' },
  SECOND_FACTOR_RESET: { label: 'Two-Step Sign-In Reset', dotClass: 'bg-orange-500' },
  CASE_DETAILS_VIEWED: { label: 'Case Details Viewed', dotClass: 'bg-violet-600' },
  CASE_ATTACHMENTS_VIEWED: { label: 'Case Attachments Viewed', dotClass: 'bg-violet-600' },
  ADMIN_CASES_VIEWED: { label: 'Patient Cases Viewed', dotClass: 'bg-violet-600' },
} satisfies Record<AuditAction | AccessAuditAction, { label: string; dotClass: string }>;

const OTHER_DOT = 'bg-slate-400';

export function auditActionLabel(action: string): string {
  return actionWords[action]?.label ?? action;
}

export function auditActionDotClass(action: string): string {
  return actionWords[action]?.dotClass ?? OTHER_DOT;
}

/** The admin who acted; a blank id means the system did (spec doc 2 §3). */
export function auditActor(adminId: string): string {
  return adminId.trim() || 'System';
}

export function auditApplicationLabel(entry: Pick<AuditLogEntry, 'applicationId'>): string {
  return formatApplicationId(entry.applicationId);
}

/** Who read a patient's data, for an access record; null for an application's entry. */
export function auditReader(entry: Pick<AuditLogEntry, 'actorRole' | 'actorId'>): string | null {
  if (entry.actorRole === null) return null;
  return `${entry.actorRole === 'admin' ? 'Admin' : 'Provider'} ${entry.actorId}`;
}
