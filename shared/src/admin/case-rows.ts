import * as z from 'zod';
import { pageSchema } from '../http/page';
import { caseFeedbackSchema } from '../cases/case-feedback';
import { moneyStateSchema, settlementReasons } from '../payments/money';
import { adminCaseStatuses } from '../cases/status';
import { requestTypeSchema, urgencyLevelSchema } from '../patients/request-kinds';

/**
 * Where a case's money stands, for the admin (issue 28 item 1, docs/adr/0024): the patient's
 * state, the settlement decision and why, when Stripe confirmed it, and the last failed attempt
 * at Stripe (its error type and code only).
 */
export const adminCaseMoneySchema = z.object({
  state: moneyStateSchema,
  decision: z
    .object({
      action: z.enum(['capture', 'void']),
      why: z.enum([...settlementReasons.capture, ...settlementReasons.void]),
      decidedAt: z.string(),
    })
    .nullable(),
  settledAt: z.string().nullable(),
  failure: z
    .object({ at: z.string(), type: z.string().nullable(), code: z.string().nullable() })
    .nullable(),
});
export type AdminCaseMoney = z.infer<typeof adminCaseMoneySchema>;

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
  /** Not in the spec (docs/spec-deviations.md): the money, null before any payment. */
  money: adminCaseMoneySchema.nullable(),
});
export type AdminCaseRow = z.infer<typeof adminCaseRowSchema>;
/** One page of the case overview, newest first. */
export const adminCasePageSchema = pageSchema(adminCaseRowSchema);
export type AdminCasePage = z.infer<typeof adminCasePageSchema>;
