import * as z from 'zod';

/**
 * How a video consultation that did not happen ended (issue 27 item 2, docs/adr/0023):
 * - `patient_no_show`: the call was started but the patient's room page never joined it before
 *   its end; the case is `cancelled` and refunded in full, and there is no feedback;
 * - `provider_no_show`: the doctor started the call but their room page never joined it within
 *   `PROVIDER_JOIN_GRACE_SECONDS`; the case went back to the queue (`paid`) for another doctor.
 * Null for every other case. The status stays one of the existing ones: the outcome says why.
 */
export const callOutcomes = ['patient_no_show', 'provider_no_show'] as const;
export const callOutcomeSchema = z.enum(callOutcomes);
export type CallOutcome = z.infer<typeof callOutcomeSchema>;

/** What the patient's visit page says of a call that did not happen (docs/consultation.md). */
export const noShowPatientTexts = {
  /** Followed by the refund's own line (pending, refunded, failed), as for an expired case. */
  patientNoShow:
    'Your provider could not reach you in the video call, so the consultation did not take place.',
  providerNoShow:
    'Your provider could not join the video call. Your request is back in the queue and another provider will take it shortly. Keep this page open.',
} as const;
