import { formatApplicationId } from '@shared/doctor-applications/application-id';
import type { AuditLogEntry } from '@shared/admin/api';

/** How each audit action reads (spec doc 2 §4); other values are shown raw. */
const actionWords: Record<string, { label: string; dotClass: string }> = {
  APPROVED: { label: 'Application Approved', dotClass: 'bg-green-600' },
  REJECTED: { label: 'Application Rejected', dotClass: 'bg-red-600' },
  CREATED: { label: 'Application Submitted', dotClass: 'bg-blue-600' },
  UPDATED: { label: 'Application Updated', dotClass: 'bg-yellow-500' },
};

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
