import type { CaseBundle } from '../../db/cases';
import { recordPaymentRefund, type PaymentRefund } from '../../db/payments';
import { errorFields, type Logger } from '../../lib/logger';
import { refundInFull } from '../payments/refund';

/** A failed refund, rethrown so the caller's retry (Lambda's, the nurse's) runs it again. */
export class RefundFailedError extends Error {
  constructor(readonly caseId: string) {
    super(`The refund of case ${caseId} failed`);
    this.name = 'RefundFailedError';
  }
}

/**
 * Refunds a case whose visit did not happen in full and records the refund on its Payment (the
 * one refund path: an expired case, a home nurse visit whose patient was not reached, a call the
 * patient never joined). A refund
 * already succeeded is returned as it is; Stripe's idempotency key (one per case) makes two runs
 * refund once. Null when the case has no payment (logged: a broken invariant).
 */
export async function refundCase(
  bundle: CaseBundle,
  log: Logger,
  why: 'expired' | 'nurse_visit_not_reached' | 'patient_no_show',
): Promise<PaymentRefund | null> {
  const caseId = bundle.case.id;
  const payment = bundle.payments[0];
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

/** Stripe's error type and code (`StripeConnectionError`, `charge_already_refunded`): no values. */
function stripeErrorFields(error: unknown): { stripeType?: string; stripeCode?: string } {
  if (typeof error !== 'object' || error === null) return {};
  const { type, code } = error as { type?: unknown; code?: unknown };
  return {
    ...(typeof type === 'string' ? { stripeType: type } : {}),
    ...(typeof code === 'string' ? { stripeCode: code } : {}),
  };
}
