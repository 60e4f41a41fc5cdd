import type { PaymentIntentRecord, RefundRecord, SessionRecord } from './records';

/**
 * Renders stored records as the API objects Stripe returns. Only the fields the product may
 * read are present; absent optional features are null as in Stripe's own objects.
 */

export function sessionUrl(publicBaseUrl: string, id: string): string {
  return `${publicBaseUrl}/checkout/${encodeURIComponent(id)}`;
}

export function isEmbedded(session: Pick<SessionRecord, 'ui_mode'>): boolean {
  return session.ui_mode === 'embedded' || session.ui_mode === 'embedded_page';
}

export function toSessionObject(session: SessionRecord, publicBaseUrl: string) {
  const embedded = isEmbedded(session);
  const amountSubtotal = session.line_items.reduce((sum, i) => sum + i.unit_amount * i.quantity, 0);
  return {
    id: session.id,
    object: 'checkout.session' as const,
    amount_subtotal: amountSubtotal,
    amount_total: session.amount_total,
    cancel_url: session.cancel_url,
    client_reference_id: session.client_reference_id,
    client_secret: session.client_secret,
    created: session.created,
    currency: session.currency,
    customer: null,
    customer_details: session.customer_details
      ? { email: session.customer_details.email, name: session.customer_details.name }
      : null,
    customer_email: session.customer_email,
    expires_at: session.expires_at,
    livemode: false,
    metadata: { ...session.metadata },
    mode: 'payment' as const,
    payment_intent: session.payment_intent,
    payment_method_types: ['card'],
    payment_status: session.payment_status,
    redirect_on_completion: embedded ? (session.redirect_on_completion ?? 'always') : null,
    return_url: session.return_url,
    status: session.status,
    success_url: session.success_url,
    ui_mode: session.ui_mode,
    // Stripe gives the hosted page's URL only while the session can still be paid.
    url: !embedded && session.status === 'open' ? sessionUrl(publicBaseUrl, session.id) : null,
  };
}
export type CheckoutSessionObject = ReturnType<typeof toSessionObject>;

export function toPaymentIntentObject(intent: PaymentIntentRecord) {
  return {
    id: intent.id,
    object: 'payment_intent' as const,
    amount: intent.amount,
    amount_capturable: intent.amount_capturable,
    amount_received: intent.amount_received,
    canceled_at: intent.canceled_at,
    cancellation_reason: intent.cancellation_reason,
    capture_method: intent.capture_method,
    currency: intent.currency,
    created: intent.created,
    description: intent.description,
    latest_charge: intent.latest_charge,
    livemode: false,
    metadata: { ...intent.metadata },
    payment_method_types: ['card'],
    status: intent.status,
  };
}
export type PaymentIntentObject = ReturnType<typeof toPaymentIntentObject>;

/**
 * The PaymentIntent's one charge, as events carry it (there is no `/v1/charges` route locally).
 * An uncaptured charge is `succeeded` with `captured: false`, as Stripe shows an authorization.
 */
export function toChargeObject(intent: PaymentIntentRecord) {
  return {
    id: intent.latest_charge,
    object: 'charge' as const,
    amount: intent.amount,
    amount_captured: intent.amount_received,
    amount_refunded: intent.amount_refunded,
    captured: intent.status === 'succeeded',
    created: intent.created,
    currency: intent.currency,
    livemode: false,
    metadata: { ...intent.metadata },
    paid: true,
    payment_intent: intent.id,
    refunded: intent.amount_received > 0 && intent.amount_refunded >= intent.amount_received,
    status: 'succeeded' as const,
  };
}

export function toRefundObject(refund: RefundRecord) {
  return {
    id: refund.id,
    object: 'refund' as const,
    amount: refund.amount,
    balance_transaction: null,
    charge: refund.charge,
    created: refund.created,
    currency: refund.currency,
    metadata: { ...refund.metadata },
    payment_intent: refund.payment_intent,
    reason: refund.reason,
    receipt_number: null,
    status: 'succeeded' as const,
  };
}
