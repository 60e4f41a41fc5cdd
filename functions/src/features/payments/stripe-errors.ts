/**
 * Stripe's error type and code (`StripeConnectionError`, `payment_intent_unexpected_state`) of a
 * failed call: what may be logged and recorded of it, never its message (which may quote values).
 */
export function stripeErrorFields(error: unknown): { stripeType?: string; stripeCode?: string } {
  if (typeof error !== 'object' || error === null) return {};
  const { type, code } = error as { type?: unknown; code?: unknown };
  return {
    ...(typeof type === 'string' ? { stripeType: type } : {}),
    ...(typeof code === 'string' ? { stripeCode: code } : {}),
  };
}
