import type { CaseRecord } from '#db/cases/record';
import type { Logger } from '#lib/logger';
import { announceCase } from '#lib/realtime/announce';
import { pushCaseUpdate } from '#lib/realtime/case-updates';
import type { PaymentEvidence } from '../payments/evidence';
import { refundExtraPayment } from '../payments/refund';
import { storeEstimateAtPayment } from './queue-wait';
import { markCasePaid, type MarkPaidOutcome } from './transitions';

/**
 * What follows Stripe's word that a session of this case is paid, wherever it came from (the
 * webhook, the manual completion, the sync, a checkout request that found its session paid):
 * the case is marked paid once (`markCasePaid`), providers hear of it once, the patient's pages
 * are told at once (issue 12), and a payment the case does not keep (another session of a case
 * already paid, a case closed unpaid) is refunded. A move of the case, so it lives in cases/:
 * payments/ (Stripe's side: checkout, refund, settlement) sits below cases/ and never imports it.
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
