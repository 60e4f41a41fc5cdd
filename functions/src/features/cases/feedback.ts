import type { CaseFeedback } from '@shared/cases/case-feedback';
import { caseFeedbackTx } from '#db/cases/feedback-copy';
import { feedbackTx, type FeedbackRecord } from '#db/feedback';
import { writeConditionalTransaction } from '#db/transaction';

export type FeedbackOutcome = 'submitted' | 'not_ended' | 'already_submitted';

/**
 * Records the patient's feedback on a completed case, once (spec doc 1 §5): one transaction
 * writes the Feedback (refused if the case has one) and its snapshot on the case (refused unless
 * the case is completed), so of concurrent submits exactly one wins and the admin case list
 * reads the rating from the case item alone.
 */
export async function submitCaseFeedback(
  caseId: string,
  rating: number,
  comments: string | null,
  now = new Date(),
): Promise<FeedbackOutcome> {
  const record: FeedbackRecord = {
    caseId,
    rating,
    feedback: comments,
    createdAt: now.toISOString(),
  };
  const snapshot: CaseFeedback = { rating, feedback: comments, submittedAt: record.createdAt };
  const codes = await writeConditionalTransaction([
    caseFeedbackTx(caseId, snapshot),
    feedbackTx(record),
  ]);
  if (!codes) return 'submitted';
  if (codes[1] === 'ConditionalCheckFailed') return 'already_submitted';
  if (codes[0] === 'ConditionalCheckFailed') return 'not_ended';
  throw new Error(`The feedback transaction was cancelled: ${codes.join(',')}`);
}
