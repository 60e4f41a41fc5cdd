import * as z from 'zod';

/**
 * The honest wait (issue 28 item 5): a range, in whole minutes, from the patient's place in the
 * queue, the doctors on duty and the rolling medians of a consultation's length and of the delay
 * between a case being ready and a doctor claiming it. One function, used by the waiting room's
 * route, the estimate stored with the case at payment and the bench's simulated day, so the
 * accuracy the admin reads is the accuracy of what the patient was told.
 */
export interface WaitInputs {
  /** Paid cases ahead of this one that nobody has started (0: next in line). */
  aheadInQueue: number;
  doctorsOnDuty: number;
  /** Median minutes from a call's start to its end. */
  medianConsultationMinutes: number;
  /** Median minutes from a case being ready to a doctor claiming it. */
  medianClaimDelayMinutes: number;
}

export const waitEstimateSchema = z.object({
  lowMinutes: z.number().int().nonnegative(),
  highMinutes: z.number().int().nonnegative(),
});
export type WaitEstimate = z.infer<typeof waitEstimateSchema>;

/** Medians used before any consultation has been measured: the meeting length, 2 minutes. */
export const DEFAULT_MEDIAN_CONSULTATION_MINUTES = 15;
export const DEFAULT_MEDIAN_CLAIM_DELAY_MINUTES = 2;

/**
 * Each doctor takes one case per cycle (claim delay + consultation). The cases ahead are shared
 * among the doctors on duty, so this case's turn comes after `ahead / doctors` cycles; the doctor
 * who takes it may be anywhere in a call, hence half a cycle either side. Null with nobody on
 * duty: no honest number exists, and the wait promise is what the patient reads.
 */
export function estimateWait(inputs: WaitInputs): WaitEstimate | null {
  if (inputs.doctorsOnDuty <= 0) return null;
  const cycle = inputs.medianConsultationMinutes + inputs.medianClaimDelayMinutes;
  const turn = (inputs.aheadInQueue * cycle) / inputs.doctorsOnDuty;
  const low = Math.max(0, Math.floor(turn + inputs.medianClaimDelayMinutes - cycle / 2));
  const high = Math.max(low, Math.ceil(turn + inputs.medianClaimDelayMinutes + cycle / 2));
  return { lowMinutes: low, highMinutes: high };
}

/** How far outside the range a real start may fall and still count as accurate (issue 28). */
export const ESTIMATE_TOLERANCE_MINUTES = 3;

/** Whether a real wait fell within the estimate, give or take the tolerance. */
export function withinEstimate(estimate: WaitEstimate, realWaitMinutes: number): boolean {
  return (
    realWaitMinutes >= estimate.lowMinutes - ESTIMATE_TOLERANCE_MINUTES &&
    realWaitMinutes <= estimate.highMinutes + ESTIMATE_TOLERANCE_MINUTES
  );
}
