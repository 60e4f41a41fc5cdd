/**
 * The case's copy of the patient's feedback (db/feedback.ts keeps the Feedback itself), so the
 * admin case list shows it without reading every case's partition.
 */
import type { CaseFeedback } from '@shared/cases/case-feedback';
import { updateTx, type TransactItem } from '../transaction';
import { caseKey } from './keys';

/**
 * The feedback snapshot on the case, as a transaction item next to the Feedback itself: it
 * fails unless the case is completed, so feedback is never taken before the consultation ended.
 */
export function caseFeedbackTx(caseId: string, snapshot: CaseFeedback): TransactItem {
  return updateTx(caseKey(caseId), {
    UpdateExpression: 'SET feedback = :feedback',
    ConditionExpression: '#status = :completed',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':feedback': snapshot, ':completed': 'completed' },
  });
}
