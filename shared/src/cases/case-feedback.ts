import * as z from 'zod';

/**
 * Feedback (spec doc 1 §3, §5): a rating of 1 to 5 and optional comments. The stored feedback
 * and its limit are in a module of their own: every case item carries its feedback
 * (`db/cases/record.ts`), and importing this schema from `feedback.ts` built the feedback form's
 * schemas at the cold start of every function that reads a case. `feedback.ts` re-exports it.
 */
export const FEEDBACK_MAX_LENGTH = 2000;

/** What the admin case details show of it. */
export const caseFeedbackSchema = z.object({
  rating: z.number().int().min(1).max(5),
  feedback: z.string().nullable(),
  submittedAt: z.string(),
});
export type CaseFeedback = z.infer<typeof caseFeedbackSchema>;
