import { epochSeconds, type ItemKey } from './keys';
import { newItemTx, type TransactItem } from './transaction';

/** Markers of processed Stripe events: the webhook's idempotency keys (DESIGN.md §5). */
export const STRIPE_EVENT_ENTITY = 'ProcessedStripeEvent';

export const STRIPE_EVENT_PREFIX = 'STRIPE_EVENT#';
export const stripeEventKey = (eventId: string): ItemKey => ({
  pk: `${STRIPE_EVENT_PREFIX}${eventId}`,
  sk: 'EVENT',
});

/** Markers are kept 30 days, longer than Stripe retries a delivery (3 days). */
const MARKER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Marks an event processed; the transaction fails if it was processed already. */
export function stripeEventTx(eventId: string, caseId: string, now: Date): TransactItem {
  return newItemTx({
    ...stripeEventKey(eventId),
    entity: STRIPE_EVENT_ENTITY,
    caseId,
    processedAt: now.toISOString(),
    ttl: epochSeconds(new Date(now.getTime() + MARKER_LIFETIME_MS)),
  });
}
