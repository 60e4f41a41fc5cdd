import * as z from 'zod';
import { moneyStateSchema } from '../payments/money';
import { callOutcomeSchema } from './no-show';
import { nurseVisitViewSchema } from './nurse-visit';
import { caseStatusSchema } from './status';

// The case id, the payment and the attachment schemas have their own modules so that a route
// (and a page) reading only one of them bundles nothing else.
export * from './case-id';
export * from './payment';
export * from './attachments';

/** Meeting fields the patient side reads (spec doc 1 §7). */
export const patientMeetingSchema = z.object({
  id: z.string(),
  duration: z.number().int(),
  scheduledFor: z.string(),
  /** Only to the holder of the patient's key (docs/adr/0012); null otherwise. */
  patientJoinUrl: z.string().nullable(),
  zoomMeetingId: z.string(),
  status: z.enum(['scheduled', 'active', 'completed', 'cancelled']),
  /** The server's clock of the call (issue 9): null until the doctor starts the timer. */
  startedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  endedAt: z.string().nullable(),
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
  /**
   * The full refund of a payment charged at checkout before manual capture (issue 9 item 6) of
   * a visit that did not happen: `pending` until Stripe confirms it, null when nothing is
   * refunded (an authorization is voided instead: `money`).
   */
  refund: z.object({ status: z.enum(['pending', 'succeeded', 'failed']) }).nullable(),
  /**
   * Where the patient's money stands (issue 28 item 2, docs/adr/0024): authorized at checkout,
   * then charged or released (`refunded` only for a payment charged before manual capture).
   * Null before any payment.
   */
  money: z.object({ state: moneyStateSchema }).nullable(),
  /** A home nurse visit's steps (docs/adr/0022); null for a video consultation. */
  nurseVisit: nurseVisitViewSchema.nullable(),
  /**
   * A video call that did not happen (docs/adr/0023): the patient never joined (the case is
   * cancelled and refunded) or the doctor never joined (the case is back in the queue).
   */
  callOutcome: callOutcomeSchema.nullable(),
  /**
   * The wait promise (issue 28 item 3, docs/adr/0025): `endsAt` while the case waits for a
   * doctor on its current authorization, `lapsedAt` once no doctor started it in time (the case
   * awaits payment again: "Keep waiting" authorizes again). Null for a case never authorized.
   */
  waitPromise: z
    .object({
      minutes: z.number().positive(),
      endsAt: z.string().nullable(),
      lapsedAt: z.string().nullable(),
    })
    .nullable(),
});
export type CaseStatusResponse = z.infer<typeof caseStatusResponseSchema>;
