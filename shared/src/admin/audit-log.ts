import * as z from 'zod';
import { pageSchema } from '../http/page';

/** `SECOND_FACTOR_RESET`: an admin reset the provider's second factor (issue 25). */
export const auditActions = [
  'APPROVED',
  'REJECTED',
  'CREATED',
  'UPDATED',
  'SECOND_FACTOR_RESET',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** An audit log entry (spec doc 2 §3); adminId is blank for System. */
export const auditLogEntrySchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  action: z.string(),
  applicationId: z.string(),
  adminId: z.string(),
  previousStatus: z.string().nullable(),
  newStatus: z.string(),
  notes: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
/** One page of the audit log, newest first. */
export const auditLogPageSchema = pageSchema(auditLogEntrySchema);
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
