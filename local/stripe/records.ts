import * as z from 'zod';

/**
 * What the data file holds. These are internal records, not API objects: the API objects are
 * rendered from them by views.ts (so a URL that depends on the current port is never stored).
 */

const metadataSchema = z.record(z.string(), z.string());

export const lineItemRecordSchema = z.object({
  name: z.string(),
  currency: z.string(),
  unit_amount: z.number().int(),
  quantity: z.number().int(),
});
export type LineItemRecord = z.infer<typeof lineItemRecordSchema>;

export const uiModes = ['hosted', 'hosted_page', 'embedded', 'embedded_page'] as const;
export const redirectOnCompletionValues = ['always', 'if_required', 'never'] as const;
/** `payment_intent_data[capture_method]`; `manual` authorizes only (docs/local-stripe.md). */
export const captureMethods = ['automatic', 'automatic_async', 'manual'] as const;
export type CaptureMethod = (typeof captureMethods)[number];

export const sessionRecordSchema = z.object({
  id: z.string(),
  created: z.number().int(),
  expires_at: z.number().int(),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['unpaid', 'paid']),
  /** As sent (Stripe's pre-2026-03-25 names or the current ones). */
  ui_mode: z.enum(uiModes),
  currency: z.string(),
  amount_total: z.number().int(),
  line_items: z.array(lineItemRecordSchema),
  client_reference_id: z.string().nullable(),
  client_secret: z.string().nullable(),
  customer_email: z.string().nullable(),
  metadata: metadataSchema,
  success_url: z.string().nullable(),
  cancel_url: z.string().nullable(),
  return_url: z.string().nullable(),
  redirect_on_completion: z.enum(redirectOnCompletionValues).nullable(),
  payment_intent: z.string().nullable(),
  payment_intent_data: z.object({
    description: z.string().nullable(),
    metadata: metadataSchema,
    /** Absent in data files written before manual capture was modelled: automatic. */
    capture_method: z.enum(captureMethods).default('automatic'),
  }),
  customer_details: z.object({ email: z.string(), name: z.string() }).nullable(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** The states a PaymentIntent of a completed Checkout Session can be in, locally. */
export const paymentIntentStatuses = ['requires_capture', 'succeeded', 'canceled'] as const;
export type PaymentIntentStatus = (typeof paymentIntentStatuses)[number];

/** Why a PaymentIntent was cancelled: the API's reasons, and Stripe's own `automatic` (expiry). */
export const cancellationReasons = [
  'abandoned',
  'automatic',
  'duplicate',
  'fraudulent',
  'requested_by_customer',
] as const;
export type CancellationReason = (typeof cancellationReasons)[number];

/**
 * Data files written before manual capture was modelled hold only captured (automatic)
 * payments: fill in what those were, so `npm start`'s kept data still loads.
 */
function upgradeLegacyIntent(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || 'status' in raw) return raw;
  const legacy = raw as { amount?: unknown };
  return {
    capture_method: 'automatic',
    status: 'succeeded',
    amount_capturable: 0,
    amount_received: legacy.amount,
    canceled_at: null,
    cancellation_reason: null,
    ...raw,
  };
}

const paymentIntentFieldsSchema = z.object({
  id: z.string(),
  created: z.number().int(),
  amount: z.number().int(),
  capture_method: z.enum(captureMethods),
  status: z.enum(paymentIntentStatuses),
  /** What can still be captured (the authorization, while `requires_capture`). */
  amount_capturable: z.number().int(),
  /** What was captured (0 while only authorized, and after a cancel). */
  amount_received: z.number().int(),
  canceled_at: z.number().int().nullable(),
  cancellation_reason: z.enum(cancellationReasons).nullable(),
  amount_refunded: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  metadata: metadataSchema,
  checkout_session: z.string(),
  latest_charge: z.string(),
  /** The only card data ever kept. */
  card: z.object({ brand: z.string(), last4: z.string().regex(/^\d{4}$/) }),
});
export const paymentIntentRecordSchema = z.preprocess(
  upgradeLegacyIntent,
  paymentIntentFieldsSchema,
);
export type PaymentIntentRecord = z.infer<typeof paymentIntentRecordSchema>;

export const refundRecordSchema = z.object({
  id: z.string(),
  created: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  payment_intent: z.string(),
  charge: z.string(),
  reason: z.string().nullable(),
  metadata: metadataSchema,
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

export const deliveryStatuses = ['pending', 'delivered', 'failed', 'disabled'] as const;

export const eventRecordSchema = z.object({
  /** The event exactly as sent (re-serialised and re-signed on each attempt, as Stripe does). */
  event: z.object({
    id: z.string(),
    object: z.literal('event'),
    type: z.string(),
    created: z.number().int(),
    api_version: z.string(),
    livemode: z.literal(false),
    pending_webhooks: z.number().int(),
    request: z.object({ id: z.string().nullable(), idempotency_key: z.string().nullable() }),
    data: z.object({ object: z.record(z.string(), z.unknown()) }),
  }),
  delivery: z.object({
    status: z.enum(deliveryStatuses),
    attempts: z.number().int(),
    last_attempt_at: z.number().int().nullable(),
    last_error: z.string().nullable(),
  }),
});
export type EventRecord = z.infer<typeof eventRecordSchema>;
export type StripeEvent = EventRecord['event'];

export const storeDataSchema = z.object({
  version: z.literal(1),
  sessions: z.record(z.string(), sessionRecordSchema),
  paymentIntents: z.record(z.string(), paymentIntentRecordSchema),
  refunds: z.record(z.string(), refundRecordSchema),
  events: z.record(z.string(), eventRecordSchema),
});
export type StoreData = z.infer<typeof storeDataSchema>;

export function emptyStoreData(): StoreData {
  return { version: 1, sessions: {}, paymentIntents: {}, refunds: {}, events: {} };
}
