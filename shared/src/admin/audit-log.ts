import * as z from 'zod';
import { pageSchema } from '../http/page';

/**
 * What happened to an application (spec doc 2 §4); `SECOND_FACTOR_RESET`: an admin reset the
 * provider's second factor (issue 25).
 */
export const auditActions = [
  'APPROVED',
  'REJECTED',
  'CREATED',
  'UPDATED',
  'SECOND_FACTOR_RESET',
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * Access records (issue 25 item 5, HIPAA §164.312(b), docs/adr/0014-access-audit.md): a provider
 * or an admin read a patient's data. One per answer that carried it: a case's details (patient,
 * whole summary, file links), its attachments (file links), a page of the admin case overview.
 */
export const accessAuditActions = [
  'CASE_DETAILS_VIEWED',
  'CASE_ATTACHMENTS_VIEWED',
  'ADMIN_CASES_VIEWED',
] as const;
export type AccessAuditAction = (typeof accessAuditActions)[number];

export const auditActorRoles = ['admin', 'provider'] as const;
export type AuditActorRole = (typeof auditActorRoles)[number];

/**
 * An audit log entry (spec doc 2 §3); adminId is blank for System. An access record also names
 * its reader (`actorRole`, `actorId`), the cases read and the request; an application's entry
 * leaves them empty. Never a name, contact, symptom or file name: ids only.
 */
export const auditLogEntrySchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  action: z.string(),
  applicationId: z.string(),
  adminId: z.string(),
  previousStatus: z.string().nullable(),
  newStatus: z.string(),
  notes: z.string(),
  actorRole: z.enum(auditActorRoles).nullable().default(null),
  actorId: z.string().default(''),
  caseIds: z.array(z.string()).default([]),
  requestId: z.string().default(''),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
/** One page of the audit log, newest first. */
export const auditLogPageSchema = pageSchema(auditLogEntrySchema);
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
