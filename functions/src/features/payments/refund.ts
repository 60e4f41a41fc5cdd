import type Stripe from 'stripe';
import type { PaymentRecord, PaymentRefund } from '../../db/payments';
import { stripe } from '../../lib/stripe';

/**
 * One refund per case, whoever asks and however often: Stripe answers a repeated key with the
 * first refund (for 24 hours), so two concurrent or repeated expiry runs refund once.
 */
export const refundIdempotencyKey = (caseId: string): string => `case-refund-${caseId}`;

/** The PaymentIntent a payment was made with; older records may only name the session. */
async function paymentIntentOf(payment: PaymentRecord): Promise<string> {
  if (payment.rawPayload.paymentIntentId) return payment.rawPayload.paymentIntentId;
  const session = await stripe().checkout.sessions.retrieve(payment.rawPayload.checkoutSessionId);
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
  if (payment.refund) return toPaymentRefund(await stripe().refunds.retrieve(payment.refund.id));
  const refund = await stripe().refunds.create(
    { payment_intent: await paymentIntentOf(payment), metadata: { caseId: payment.caseId } },
    { idempotencyKey: refundIdempotencyKey(payment.caseId) },
  );
  return toPaymentRefund(refund);
}
