import type { CaseRecord } from '../../db/cases';
import type { Logger } from '../../lib/logger';
import { storeEstimateAtPayment } from '../cases/queue-wait';
import { markCasePaid, type MarkPaidOutcome, type PaymentEvidence } from '../cases/transitions';
import { announceCase } from '../realtime/announce';
import { pushCaseUpdate } from '../realtime/case-updates';
import { refundExtraPayment } from './refund';

/**
 * What follows Stripe's word that a session of this case is paid, wherever it came from (the
 * webhook, the manual completion, the sync, a checkout request that found its session paid):
 * the case is marked paid once (`markCasePaid`), providers hear of it once, the patient's pages
 * are told at once (issue 12), and a payment the case does not keep (another session of a case
 * already paid, a case closed unpaid) is refunded.
 */
export async function settlePayment(
  caseRecord: CaseRecord,
  evidence: PaymentEvidence,
  log: Logger,
): Promise<MarkPaidOutcome> {
  const result = await markCasePaid(caseRecord, evidence);
  if (result.outcome === 'paid') {
    await Promise.all([
      announceCase('CASE_PAID_READY', caseRecord, log),
      pushCaseUpdate(caseRecord.id, 'paid', log),
      // Apart from the paid transaction: the estimate the patient is shown now (issue 28).
      storeEstimateAtPayment(caseRecord, result.payment.createdAt, log),
    ]);
  } else if (
    result.outcome === 'already_paid' ||
    (result.outcome === 'refused' && result.reason === 'case_closed')
  ) {
    await refundExtraPayment(caseRecord.id, evidence, log);
  }
  return result;
}
