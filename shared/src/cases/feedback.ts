import * as z from 'zod';
import { FEEDBACK_MAX_LENGTH } from './case-feedback';

/** Feedback (spec doc 1 §3, §5): a rating of 1 to 5 and optional comments. */
export { caseFeedbackSchema, FEEDBACK_MAX_LENGTH, type CaseFeedback } from './case-feedback';

export const feedbackMessages = {
  ratingRequired: 'Please select a rating',
  tooLong: `Comments can be at most ${FEEDBACK_MAX_LENGTH} characters`,
  notEnded: 'Feedback can be given once the consultation has ended.',
  /** A call the patient never joined (docs/adr/0023): nothing took place to rate. */
  noConsultation: 'There is no feedback to give: this consultation did not take place.',
  alreadySubmitted: 'Feedback has already been submitted for this consultation.',
} as const;

/** Star labels (spec doc 1 §5); 0 is the unrated state. */
export const ratingLabels: Readonly<Record<0 | 1 | 2 | 3 | 4 | 5, string>> = {
  0: 'Select rating',
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
};

export const feedbackRequestSchema = z.object({
  rating: z
    .number({ error: feedbackMessages.ratingRequired })
    .int({ error: feedbackMessages.ratingRequired })
    .min(1, { error: feedbackMessages.ratingRequired })
    .max(5, { error: feedbackMessages.ratingRequired }),
  feedback: z
    .string()
    .trim()
    .max(FEEDBACK_MAX_LENGTH, { error: feedbackMessages.tooLong })
    .optional()
    .transform((text) => text || null),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

export const feedbackResponseSchema = z.object({ success: z.literal(true) });
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;
