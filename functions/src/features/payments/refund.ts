import type Stripe from 'stripe';
import { getCaseBundle } from '#db/cases/bundle';
import type { PaymentRecord, PaymentRefund } from '#db/payments';
import type { Logger } from '#lib/logger';
import { stripe } from '#lib/stripe';
import type { PaymentEvidence } from './evidence';

/**
 * One refund per case, whoever asks and however often: Stripe answers a repeated key with the
 * first refund (for 24 hours), so two concurrent or repeated expiry runs refund once.
 */
export const refundIdempotencyKey = (caseId: string): string => `case-refund-${caseId}`;

/** The PaymentIntent a payment was made with; older records may only name the session. */
export async function paymentIntentOf(payment: PaymentRecord): Promise<string> {
  if (payment.rawPayload.paymentIntentId) return payment.rawPayload.paymentIntentId;
  const session = await (
    await stripe()
  ).checkout.sessions.retrieve(payment.rawPayload.checkoutSessionId);
  const intent = session.payment_intent;
  const id = typeof intent === 'string' ? intent : intent?.id;
  if (!id) throw new Error('The checkout session of a paid case has no payment intent');
  return id;
}

function toPaymentRefund(refund: Stripe.Refund): PaymentRefund {
  return {
    id: refund.id,
    status: refund.status ?? 'pending',
    amount: refund.amount,
    createdAt: new Date(refund.created * 1000).toISOString(),
  };
}

/**
 * Refunds a payment in full through Stripe's refund API (metadata: ids only, DESIGN.md §6). A
 * refund already made is read again instead, so its latest status is what gets recorded.
 */
export async function refundInFull(payment: PaymentRecord): Promise<PaymentRefund> {
  if (payment.refund)
    return toPaymentRefund(await (await stripe()).refunds.retrieve(payment.refund.id));
  const refund = await (
    await stripe()
  ).refunds.create(
    { payment_intent: await paymentIntentOf(payment), metadata: { caseId: payment.caseId } },
    { idempotencyKey: refundIdempotencyKey(payment.caseId) },
  );
  return toPaymentRefund(refund);
}

/**
 * A payment Stripe took that the case does not keep (issue 10 item 7): a second Checkout Session
 * completed for a case another session already paid (one created before sessions were reused,
 * or paid in the moment a patient switched checkout mode), or a payment for a case closed
 * without one. The case stays paid once; this payment goes back: an authorization is voided
 * (cancelled, nothing charged, docs/adr/0024), a captured payment refunded through Stripe's
 * refund API. The payment the case recorded is never touched here: its session is recognised
 * and skipped. One cancel or refund per payment intent (idempotency key), however often the
 * webhook or sync repeats.
 */
export async function refundExtraPayment(
  caseId: string,
  evidence: PaymentEvidence,
  log: Logger,
): Promise<void> {
  const bundle = await getCaseBundle(caseId);
  const recorded = bundle?.payments.some(
    (payment) => payment.rawPayload.checkoutSessionId === evidence.checkoutSessionId,
  );
  if (recorded) return;
  const ids = { caseId, checkoutSessionId: evidence.checkoutSessionId };
  const intentId = evidence.paymentIntentId;
  if (!intentId || !evidence.intent) {
    // A paid session in payment mode always has one; without it there is nothing to give back.
    log.error('extra payment without a payment intent', ids);
    return;
  }
  const client = await stripe();
  if (evidence.intent.status === 'requires_capture') {
    await client.paymentIntents.cancel(
      intentId,
      {},
      { idempotencyKey: `extra-payment-void-${intentId}` },
    );
    log.warn('extra payment voided', { ...ids, paymentIntentId: intentId });
    return;
  }
  const refund = await client.refunds.create(
    { payment_intent: intentId, metadata: { caseId } },
    { idempotencyKey: `extra-payment-refund-${intentId}` },
  );
  log.warn('extra payment refunded', { ...ids, paymentIntentId: intentId, refundId: refund.id });
}
