import type { PaymentEvidence } from '../features/payments/evidence';
import { CONSULTATION_FEE_CENTS } from '@shared/payments/constants';

/**
 * Stripe's word on a completed Checkout for a case, without Stripe: the flat fee authorized
 * (`requires_capture`, docs/adr/0024), as a webhook-free fixture for code that calls
 * `markCasePaid` directly (tests and the bench's seed).
 */
export function authorizedCheckout(caseId: string, checkoutSessionId: string): PaymentEvidence {
  return {
    checkoutSessionId,
    clientReferenceId: caseId,
    sessionStatus: 'complete',
    paymentIntentId: null,
    intent: {
      status: 'requires_capture',
      amount: CONSULTATION_FEE_CENTS,
      currency: 'usd',
      caseId,
    },
    eventId: null,
  };
}
