import type { PaymentSyncResponse } from '@shared/cases/api';
import type { CaseBundle } from '#db/cases/bundle';
import { HttpError, conflict } from '#core/errors';
import type { Logger } from '#lib/logger';
import { paymentEvidence } from '../payments/checkout';
import { settlePayment } from './settle-payment';
import { nextPathAfterPayment } from './views';

export const PAYMENT_NOT_COMPLETED = 'Payment has not been completed';

/**
 * Manual completion and the sync endpoint never take the caller's word (DESIGN.md §5): they ask
 * Stripe for the case's Checkout Session and its PaymentIntent and mark the case paid only if
 * the authorization holds.
 */
export async function syncPaymentWithStripe(
  bundle: CaseBundle,
  log: Logger,
): Promise<PaymentSyncResponse> {
  const caseRecord = bundle.case;
  const next = nextPathAfterPayment(bundle);
  if (caseRecord.paidAt) {
    return { success: true, paid: true, message: 'Payment confirmed', caseId: caseRecord.id, next };
  }
  if (!caseRecord.checkoutSessionId) throw conflict('No payment has been started for this case');

  const evidence = await paymentEvidence(caseRecord.checkoutSessionId, null);
  const result = await settlePayment(caseRecord, evidence, log);
  if (result.outcome === 'refused') {
    if (result.reason !== 'not_paid')
      log.warn('payment refused', { caseId: caseRecord.id, reason: result.reason });
    throw new HttpError(409, PAYMENT_NOT_COMPLETED, { success: false, paid: false });
  }
  return { success: true, paid: true, message: 'Payment confirmed', caseId: caseRecord.id, next };
}
