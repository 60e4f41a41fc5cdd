import * as z from 'zod';
import { pageSchema } from '../http/page';
import { caseFeedbackSchema } from '../cases/feedback';
import { adminCaseStatuses } from '../cases/status';
import { requestTypeSchema, urgencyLevelSchema } from '../patients/request';

/** A case row of the admin Cases tab (spec doc 2 §3). */
export const adminCaseRowSchema = z.object({
  id: z.string(),
  patientName: z.string(),
  patientEmail: z.string().nullable(),
  symptoms: z.string(),
  triageSummary: z.string(),
  medicalHistory: z.string(),
  priority: urgencyLevelSchema,
  status: z.enum(adminCaseStatuses),
  requestType: requestTypeSchema,
  assignedProviderName: z.string().nullable(),
  location: z.string(),
  createdAt: z.string(),
  /** The patient's rating after the consultation (issue 9), null until given. */
  feedback: caseFeedbackSchema.nullable(),
});
export type AdminCaseRow = z.infer<typeof adminCaseRowSchema>;
/** One page of the case overview, newest first. */
export const adminCasePageSchema = pageSchema(adminCaseRowSchema);
export type AdminCasePage = z.infer<typeof adminCasePageSchema>;
