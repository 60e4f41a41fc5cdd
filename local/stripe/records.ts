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
  }),
  customer_details: z.object({ email: z.string(), name: z.string() }).nullable(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

export const paymentIntentRecordSchema = z.object({
  id: z.string(),
  created: z.number().int(),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  metadata: metadataSchema,
  checkout_session: z.string(),
  latest_charge: z.string(),
  /** The only card data ever kept. */
  card: z.object({ brand: z.string(), last4: z.string().regex(/^\d{4}$/) }),
});
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
