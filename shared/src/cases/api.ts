import * as z from 'zod';
import { caseStatusSchema } from './status';

export const CASE_ID_MESSAGE = 'Case ID must be a valid UUID';
export const caseIdSchema = z.uuid({ error: CASE_ID_MESSAGE });

/** Path parameters of every `/api/cases/{caseId}/…` route. */
export const caseParamsSchema = z.object({ caseId: caseIdSchema });

/** Meeting fields the patient side reads (spec doc 1 §7). */
export const patientMeetingSchema = z.object({
  id: z.string(),
  duration: z.number().int(),
  scheduledFor: z.string(),
  patientJoinUrl: z.string(),
  zoomMeetingId: z.string(),
  status: z.enum(['scheduled', 'active', 'completed', 'cancelled']),
});
export type PatientMeeting = z.infer<typeof patientMeetingSchema>;

/**
 * `GET /api/cases/{caseId}/status`: what the visit and processing pages read. `claimedBy` is the
 * provider's name (shown as Provider), never an id. Nothing about the patient.
 */
export const caseStatusResponseSchema = z.object({
  caseId: z.uuid(),
  status: caseStatusSchema,
  requestType: z.enum(['telemedicine', 'nurse-visit']),
  paidAt: z.string().nullable(),
  meeting: patientMeetingSchema.nullable(),
  claimedBy: z.string().nullable(),
});
export type CaseStatusResponse = z.infer<typeof caseStatusResponseSchema>;

/** `POST /api/create-checkout-session`. `mode` picks embedded (default) or hosted checkout. */
export const createCheckoutSessionRequestSchema = z.object({
  caseId: caseIdSchema,
  mode: z.enum(['embedded', 'hosted']).default('embedded'),
});
export const createCheckoutSessionResponseSchema = z.object({
  sessionId: z.string(),
  clientSecret: z.string().nullable(),
  url: z.string().nullable(),
});
export type CreateCheckoutSessionResponse = z.infer<typeof createCheckoutSessionResponseSchema>;

/** `POST /api/manual-payment-complete`: the spec logs the answer; `next` is where to go. */
export const manualPaymentCompleteRequestSchema = z.object({ caseId: caseIdSchema });
export const paymentSyncResponseSchema = z.object({
  success: z.boolean(),
  paid: z.boolean(),
  message: z.string(),
  caseId: z.uuid(),
  next: z.string(),
});
export type PaymentSyncResponse = z.infer<typeof paymentSyncResponseSchema>;

/** Presigned upload of one file into a case (DESIGN.md §6). */
export const createUploadRequestSchema = z.object({
  kind: z.enum(['image', 'document', 'voice', 'attachment']),
  filename: z.string().trim().min(1, { error: 'File name is required' }).max(200),
  contentType: z.string().trim().min(1).max(200),
  size: z.number().int().positive({ error: 'The file is empty' }),
  /** Voice notes only: the recorded length, checked against 120 s. */
  durationSeconds: z.number().positive().optional(),
});
export type CreateUploadRequest = z.infer<typeof createUploadRequestSchema>;

export const createUploadResponseSchema = z.object({
  uploadId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type CreateUploadResponse = z.infer<typeof createUploadResponseSchema>;

export const confirmUploadRequestSchema = z.object({ uploadId: z.string().min(1).max(100) });

/** An attachment as listed for a case (spec doc 2 §3). */
export const attachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  originalName: z.string(),
  type: z.string(),
  size: z.number().int(),
  url: z.string().nullable(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
export const attachmentListSchema = z.array(attachmentSchema);
