import * as z from 'zod';

/** Stored application statuses (spec doc 2 §3: default pending). */
export const applicationStatuses = [
  'pending',
  'under_review',
  'approved',
  'rejected',
  'suspended',
] as const;
export const applicationStatusSchema = z.enum(applicationStatuses);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/**
 * The sentence the status call answers in `message` (spec doc 2 §4). The status page shows its
 * own longer descriptions; this one is what any API client reads.
 */
export const applicationStatusMessages: Record<ApplicationStatus, string> = {
  pending: 'Your application is under review.',
  under_review: 'Your application is being reviewed by our verification team.',
  approved:
    'Your application has been approved. Please check your email for your login credentials.',
  rejected: 'Your application was not approved. Please check your email for the reviewer notes.',
  suspended: 'Your application is temporarily suspended pending additional review.',
};

/** `GET /api/doctor-applications/status/{applicationId}` success answer (spec doc 2 §3). */
export const applicationStatusResponseSchema = z.object({
  success: z.literal(true),
  status: applicationStatusSchema,
  applicationId: z.string(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  message: z.string(),
  /**
   * The notes the rejection sent (spec doc 2 §4 "rejected (notes shown)"). Present only for a
   * rejected application with notes: the application id is the applicant's key, and the notes
   * of any other status (an approval's, say) stay with the admin.
   */
  reviewNotes: z.string().optional(),
});
export type ApplicationStatusResponse = z.infer<typeof applicationStatusResponseSchema>;

/** The landing-page colour rule (spec doc 1 §7): approved green, pending yellow, others red. */
export type StatusTone = 'success' | 'warning' | 'danger';
export function applicationStatusTone(status: string): StatusTone {
  if (status === 'approved') return 'success';
  if (status === 'pending') return 'warning';
  return 'danger';
}
