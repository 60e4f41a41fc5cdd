import type { AuthorizationState } from '#db/payments';

/**
 * What Stripe said about the payment: the only evidence that marks a case paid. Under manual
 * capture (docs/adr/0024) a completed Checkout Session reads `payment_status: 'unpaid'`: what
 * counts is its PaymentIntent, which holds the authorization (`requires_capture`).
 */
export interface PaymentEvidence {
  checkoutSessionId: string;
  clientReferenceId: string | null;
  /** The session's `status` (`open`, `complete`, `expired`). */
  sessionStatus: string | null;
  paymentIntentId: string | null;
  /** The PaymentIntent as Stripe reported it; null when the session has none yet. */
  intent: {
    status: string;
    amount: number;
    currency: string;
    /** `metadata.caseId` (`payment_intent_data`); null on sessions made before it was set. */
    caseId: string | null;
  } | null;
  /** The webhook event, when the evidence came from one (idempotency key). */
  eventId: string | null;
}

/** The PaymentIntent's state as the Payment records it. */
export function authorizationStateOf(intentStatus: string): AuthorizationState {
  if (intentStatus === 'succeeded') return 'captured';
  if (intentStatus === 'canceled') return 'voided';
  return 'authorized';
}
