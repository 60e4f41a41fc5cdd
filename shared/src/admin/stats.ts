import * as z from 'zod';
import { ESTIMATE_TOLERANCE_MINUTES } from '../cases/wait-estimate';

/** `GET /api/admin/stats` (spec doc 2 §3); averageReviewTime in hours. */
export const adminStatsSchema = z.object({
  totalApplications: z.number().int(),
  pendingApplications: z.number().int(),
  approvedApplications: z.number().int(),
  rejectedApplications: z.number().int(),
  applicationsToday: z.number().int(),
  averageReviewTime: z.number(),
  /**
   * Issue 28 item 5: of the consultations started whose patient was given an estimate at payment,
   * how many started within it (give or take ESTIMATE_TOLERANCE_MINUTES).
   */
  waitEstimates: z.object({
    withinTolerance: z.number().int().nonnegative(),
    consultations: z.number().int().nonnegative(),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/**
 * The admin's line on the wait estimate's accuracy (issue 28: the goal is 80 % within 3 minutes
 * of the real start).
 */
export function waitAccuracyText({ withinTolerance, consultations }: AdminStats['waitEstimates']) {
  if (consultations === 0)
    return 'Wait estimates: no consultation has started since they were given';
  const percent = Math.round((withinTolerance / consultations) * 100);
  const counted = consultations === 1 ? '1 consultation' : `${consultations} consultations`;
  return `Wait estimates: ${percent} % within ${ESTIMATE_TOLERANCE_MINUTES} minutes of the real start (${counted})`;
}
