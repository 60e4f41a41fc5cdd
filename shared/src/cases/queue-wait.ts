import * as z from 'zod';
import { waitEstimateSchema, type WaitEstimate } from './wait-estimate';

/**
 * `GET /api/cases/{caseId}/wait` (issue 28 item 5): where a waiting case stands in the queue.
 * `place` is 1 for the next case a doctor will take, null once the case no longer waits (claimed
 * by a live claim, in a call, closed, not paid, or a home nurse visit, which has no queue);
 * `estimate` is null then too, and with nobody on duty (the wait promise is what applies).
 */
export const caseWaitResponseSchema = z.object({
  place: z.number().int().positive().nullable(),
  /** Waiting telemedicine cases ahead of this one (0 when it does not wait). */
  aheadInQueue: z.number().int().nonnegative(),
  doctorsOnDuty: z.number().int().nonnegative(),
  estimate: waitEstimateSchema.nullable(),
  waitPromiseMinutes: z.number().positive(),
});
export type CaseWaitResponse = z.infer<typeof caseWaitResponseSchema>;

/** The waiting room's place line (issue 28 item 5). */
export function queuePlaceText(place: number): string {
  return `You are number ${place} in the queue`;
}

/** The waiting room's estimate line: a range of whole minutes. */
export function waitEstimateText(estimate: WaitEstimate): string {
  return `Estimated wait: ${estimate.lowMinutes}–${estimate.highMinutes} minutes`;
}
