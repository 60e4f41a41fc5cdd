import * as z from 'zod';

/**
 * A home nurse visit's own steps after the claim (docs/adr/0022): the nurse arranges a time with
 * the patient and records it, then marks the visit done or the patient not reached. Only a visit
 * that did not happen is refunded. No lease, no room, no timer: those belong to the video call.
 */
export const nurseVisitOutcomes = ['done', 'not_reached'] as const;
export const nurseVisitOutcomeSchema = z.enum(nurseVisitOutcomes);
export type NurseVisitOutcome = z.infer<typeof nurseVisitOutcomeSchema>;

/** The visit as the nurse's card and the patient's page read it (null for a video call). */
export const nurseVisitViewSchema = z.object({
  /** When the nurse will come, as arranged with the patient; null until recorded. */
  scheduledFor: z.string().nullable(),
  outcome: nurseVisitOutcomeSchema.nullable(),
});
export type NurseVisitView = z.infer<typeof nurseVisitViewSchema>;

/** `POST /api/cases/{caseId}/nurse-visit`: one step of the visit, by the nurse who claimed it. */
export const nurseVisitStepRequestSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('schedule'), scheduledFor: z.iso.datetime({ offset: true }) }),
  z.object({ step: z.literal('done') }),
  z.object({ step: z.literal('not_reached') }),
]);
export type NurseVisitStepRequest = z.infer<typeof nurseVisitStepRequestSchema>;

export const nurseVisitStepResponseSchema = z.object({
  success: z.literal(true),
  caseId: z.uuid(),
  status: z.enum(['claimed', 'completed', 'cancelled']),
  visit: nurseVisitViewSchema,
});
export type NurseVisitStepResponse = z.infer<typeof nurseVisitStepResponseSchema>;

/** The refusals (409 unless said), in words the nurse's dashboard shows as they are. */
export const nurseVisitMessages = {
  notNurseVisit: 'This case is a video consultation, not a home nurse visit.',
  notYours: 'This case is claimed by another provider.',
  notClaimed: 'Claim this visit before recording it.',
  finished: 'This visit is already finished.',
  timeFirst: 'Record the visit time before marking it done.',
} as const;

/**
 * What the patient's visit page says at each step of a home nurse visit (docs/consultation.md §7),
 * in plain words. The waiting text is the spec's ("a nurse will call within 2 hours").
 */
export const nurseVisitPatientTexts = {
  waiting: 'A nurse will call you within 2 hours to arrange the visit.',
  claimed: 'A nurse has taken your request and will call you to arrange a time.',
  scheduled: (time: string) => `Your nurse visit is arranged for ${time}.`,
  done: 'Your nurse visit is complete. Thank you.',
  /** Followed by the refund's own line (the expiry's: pending, refunded, failed). */
  notReached: 'The nurse could not reach you, so the visit did not take place.',
} as const;

/**
 * The area of a home address that a card may show before the claim (issue 27 item 3): the part
 * after the first comma (town, postcode), never the street. An address without a comma shows no
 * area: it may be the street alone.
 */
export function addressArea(location: string): string | null {
  const comma = location.indexOf(',');
  if (comma < 0) return null;
  const area = location.slice(comma + 1).trim();
  return area.length > 0 ? area : null;
}
