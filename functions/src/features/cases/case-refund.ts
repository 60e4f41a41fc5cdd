import type { CaseBundle } from '#db/cases/bundle';
import type { VoidReason } from '@shared/payments/money';
import { currentPayment, recordPaymentRefund, type PaymentRefund } from '#db/payments';
import { errorFields, type Logger } from '#lib/logger';
import { refundInFull } from '../payments/refund';
import { requestSettlement } from '../payments/settlement';
import { pushCaseUpdate } from '#lib/realtime/case-updates';
import { stripeErrorFields } from '../payments/stripe-errors';

/** A failed refund, rethrown so the caller's retry (Lambda's, the nurse's) runs it again. */
export class RefundFailedError extends Error {
  constructor(readonly caseId: string) {
    super(`The refund of case ${caseId} failed`);
    this.name = 'RefundFailedError';
  }
}

/**
 * Refunds a case whose visit did not happen in full and records the refund on its Payment: only
 * a payment captured at checkout, before manual capture (docs/adr/0024); every caller goes
 * through `releaseCaseMoney`, which voids an authorization instead. A refund
 * already succeeded is returned as it is; Stripe's idempotency key (one per case) makes two runs
 * refund once. Null when the case has no payment (logged: a broken invariant).
 */
export async function refundCase(
  bundle: CaseBundle,
  log: Logger,
  why: 'expired' | 'nurse_visit_not_reached' | 'patient_no_show',
): Promise<PaymentRefund | null> {
  const caseId = bundle.case.id;
  const payment = currentPayment(bundle.payments);
  if (!payment) {
    log.error('case to refund without a payment', { caseId, why });
    return null;
  }
  if (payment.refund?.status === 'succeeded') return payment.refund;
  let refund: PaymentRefund;
  try {
    refund = await refundInFull(payment);
  } catch (error) {
    log.error('refund failed', {
      caseId,
      why,
      dependency: 'stripe',
      ...errorFields(error),
      ...stripeErrorFields(error),
    });
    throw new RefundFailedError(caseId);
  }
  // A failed write here throws too: the retry asks Stripe again with the same key and gets the
  // same refund back, then records it.
  await recordPaymentRefund(caseId, payment.id, refund);
  if (refund.status === 'failed' || refund.status === 'canceled') {
    // Stripe refused the refund itself; running again returns the same refund, so an operator
    // must act (Stripe dashboard). Recorded, so the patient's page says 'failed'.
    log.error('refund refused by Stripe', {
      caseId,
      why,
      dependency: 'stripe',
      refundStatus: refund.status,
    });
  } else {
    log.info('case refunded', { caseId, why, refundStatus: refund.status });
  }
  return refund;
}

/** Why a case's money goes back: a visit that did not happen. */
export type ReleaseReason = Extract<
  VoidReason,
  'expired' | 'nurse_visit_not_reached' | 'patient_no_show' | 'never_connected'
>;

/**
 * Gives the patient's money back for a visit that did not happen (docs/adr/0024), the one path
 * of every caller: the authorization is voided through the settlement (first decision wins,
 * retried on its own, never throws); a payment captured at checkout before manual capture
 * (a legacy `paid` record, no decision) is refunded in full as before (`refundCase`, which
 * throws `RefundFailedError` so the caller's retry runs it again).
 */
export async function releaseCaseMoney(
  bundle: CaseBundle,
  why: ReleaseReason,
  log: Logger,
): Promise<void> {
  const payment = currentPayment(bundle.payments);
  if (payment?.status === 'captured' && !payment.settlement) {
    // Charged at checkout: a call that was held before keeps its charge, as it always did.
    if (why === 'never_connected') return;
    await refundCase(bundle, log, why);
    // The patient's page hears of the refund as soon as it is recorded.
    await pushCaseUpdate(bundle.case.id, bundle.case.status, log);
    return;
  }
  await requestSettlement(bundle.case.id, { action: 'void', why }, log);
}
