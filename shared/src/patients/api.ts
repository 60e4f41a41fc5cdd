import * as z from 'zod';
import { requestTypeSchema } from './request-kinds';
import { caseStatusResponseSchema } from '../cases/api';
import { caseStatusSchema } from '../cases/status';

export const PATIENT_ID_MESSAGE = 'Patient ID must be a valid UUID';
export const patientIdSchema = z.uuid({ error: PATIENT_ID_MESSAGE });

/** Path parameters of every `/api/patients/{patientId}/…` route. */
export const patientParamsSchema = z.object({ patientId: patientIdSchema });

/** `GET /api/patients/{id}/payment-verification` (spec doc 1 §3). */
export const paymentVerificationResponseSchema = z.object({
  paymentVerified: z.boolean(),
  meetingCreated: z.boolean(),
  providerAssigned: z.boolean(),
  /** Only to the holder of the patient's key (docs/adr/0012); null otherwise. */
  patientName: z.string().nullable(),
  requestType: requestTypeSchema,
  caseId: z.uuid(),
  /**
   * Not in the spec's answer (docs/spec-deviations.md): where the money stands (issue 28 item 2,
   * authorized, then charged or released), as the status answer tells it.
   */
  money: caseStatusResponseSchema.shape.money,
});
export type PaymentVerificationResponse = z.infer<typeof paymentVerificationResponseSchema>;

/** `GET /api/patients/{id}/video-access` (spec doc 1 §3). */
export const videoAccessResponseSchema = z.object({
  isPaid: z.boolean(),
  accessGranted: z.boolean(),
  paymentStatus: z.enum(['pending', 'verified']),
  paymentId: z.string().nullable(),
  meetingInfo: z
    .object({
      meetingId: z.string(),
      /** The patient's join link: null once over, and for a request without the patient's key. */
      meetingUrl: z.string().nullable(),
      status: z.string(),
      providerName: z.string().nullable(),
      scheduledTime: z.string(),
      meetingPassword: z.string().nullable(),
      clinicalNotesAvailable: z.boolean(),
    })
    .nullable(),
  /**
   * Not in the spec's answer: the case behind the patient id, so the page can subscribe to its
   * updates (issue 12), as the payment verification answer names it.
   */
  caseId: z.uuid(),
  /**
   * Not in the spec's answer (docs/spec-deviations.md): the case's status, so the page can say
   * expired or ended instead of a link that is never coming (issue 27 item 6), and the refund
   * of an expired case as the visit page tells it.
   */
  caseStatus: caseStatusSchema,
  refund: caseStatusResponseSchema.shape.refund,
  /** Not in the spec's answer: where the money stands (issue 28 item 2), as above. */
  money: caseStatusResponseSchema.shape.money,
});
export type VideoAccessResponse = z.infer<typeof videoAccessResponseSchema>;

/** `POST /api/patients/{id}/meeting-access`: sent when the patient joins. */
export const meetingAccessRequestSchema = z.object({
  meetingId: z.string().min(1).max(100),
  accessTime: z.iso.datetime({ error: 'accessTime must be an ISO timestamp' }),
});
export const meetingAccessResponseSchema = z.object({ success: z.literal(true) });
