import * as z from 'zod';

/** `GET /api/admin/stats` (spec doc 2 §3); averageReviewTime in hours. */
export const adminStatsSchema = z.object({
  totalApplications: z.number().int(),
  pendingApplications: z.number().int(),
  approvedApplications: z.number().int(),
  rejectedApplications: z.number().int(),
  applicationsToday: z.number().int(),
  averageReviewTime: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
