import { getCaseBundle } from '../../db/cases';
import { recordPaymentRefund, type PaymentRefund } from '../../db/payments';
import { errorFields, type Logger } from '../../lib/logger';
import { refundInFull } from '../payments/refund';
import { pushCaseUpdate } from '../realtime/case-updates';
import { caseExpiresAt, type CaseExpiryInput } from './case-expiry-schedule';
import { expireUnstartedCase } from './transitions';

export interface CaseExpiryResult {
  /** This run moved the case to expired. */
  expired: boolean;
  /** The case's refund as recorded after this run; null when the case did not expire. */
  refund: PaymentRefund | null;
}

/** A failed refund, rethrown so Lambda runs the expiry again (then keeps it for a replay). */
export class RefundFailedError extends Error {
  constructor(readonly caseId: string) {
    super(`The refund of case ${caseId} failed`);
    this.name = 'RefundFailedError';
  }
}

/**
 * Expires a paid case nobody started and refunds it in full (DESIGN.md §5). The status change
 * is one conditional write (at most once); the refund follows for any expired case not yet
 * refunded, so a run after a failed refund (Lambda's retry, a replay) only refunds, and two runs at
 * once refund once (one Stripe idempotency key per case). The patient's pages hear of the
 * expiry at once and of the refund when it is recorded (issue 12: both show on the visit page).
 */
export async function expireAndRefund(
  input: CaseExpiryInput,
  log: Logger,
  now = new Date(),
): Promise<CaseExpiryResult> {
  const expired = await expireUnstartedCase(input.caseId, now);
  const bundle = await getCaseBundle(input.caseId);
  if (!bundle) {
    log.warn('case expiry for an unknown case', { caseId: input.caseId });
    return { expired, refund: null };
  }
  const { case: caseRecord } = bundle;
  if (caseRecord.status !== 'expired') {
    const waiting = caseRecord.status === 'paid' || caseRecord.status === 'claimed';
    if (waiting && caseRecord.paidAt && caseExpiresAt(new Date(caseRecord.paidAt)) > now) {
      // Not due yet (a clock ahead of ours): throwing lets Lambda's retry try again later.
      throw new Error(`Case ${caseRecord.id} is not due to expire yet`);
    }
    // Started, completed or cancelled meanwhile, or a nurse visit a nurse took: nothing to do.
    return { expired, refund: null };
  }
  if (expired) await pushCaseUpdate(caseRecord.id, 'expired', log);

  const payment = bundle.payments[0];
  if (!payment) {
    log.error('expired case without a payment', { caseId: caseRecord.id });
    return { expired, refund: null };
  }
  if (payment.refund?.status === 'succeeded') return { expired, refund: payment.refund };
  let refund: PaymentRefund;
  try {
    refund = await refundInFull(payment);
  } catch (error) {
    log.error('refund failed', {
      caseId: caseRecord.id,
      dependency: 'stripe',
      ...errorFields(error),
      ...stripeErrorFields(error),
    });
    throw new RefundFailedError(caseRecord.id);
  }
  // A failed write here throws too: the retry asks Stripe again with the same key and gets the
  // same refund back, then records it.
  await recordPaymentRefund(caseRecord.id, payment.id, refund);
  await pushCaseUpdate(caseRecord.id, 'expired', log);
  if (refund.status === 'failed' || refund.status === 'canceled') {
    // Stripe refused the refund itself; running again returns the same refund, so an operator
    // must act (Stripe dashboard). Recorded, so the patient's page says 'failed'.
    log.error('refund refused by Stripe', {
      caseId: caseRecord.id,
      dependency: 'stripe',
      refundStatus: refund.status,
    });
  } else {
    log.info('expired case refunded', { caseId: caseRecord.id, refundStatus: refund.status });
  }
  return { expired, refund };
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
