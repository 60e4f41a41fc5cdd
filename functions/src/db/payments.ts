import * as z from 'zod';
import { partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { IF_EXISTS, updateItem, type StoredItem } from './table';
import { newItemTx, type TransactItem } from './transaction';

export const PAYMENT_ENTITY = 'Payment';
const entity = { tag: PAYMENT_ENTITY };
const SK_PREFIX = 'PAYMENT#';

export const paymentKey = (caseId: string, paymentId: string): ItemKey => ({
  pk: partitions.case(caseId),
  sk: `${SK_PREFIX}${paymentId}`,
});

export const paymentRecordSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  provider: z.literal('stripe'),
  status: z.literal('paid'),
  /** Ids and amounts only (DESIGN.md §6: no patient data beyond ids). */
  rawPayload: z.object({
    checkoutSessionId: z.string(),
    paymentIntentId: z.string().nullable(),
    amountTotal: z.number().int(),
    currency: z.string(),
    eventId: z.string().nullable(),
  }),
  createdAt: z.string(),
  /** The full refund of an expired case (DESIGN.md §5), as Stripe last answered it. */
  refund: z
    .object({
      id: z.string(),
      status: z.string(),
      amount: z.number().int(),
      createdAt: z.string(),
    })
    .nullable()
    .default(null),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const isPaymentItem = (item: StoredItem): boolean =>
  typeof item.sk === 'string' && item.sk.startsWith(SK_PREFIX);

export const parsePayment = (item: StoredItem): PaymentRecord =>
  parseStored(paymentRecordSchema, entity, item);

export function paymentTx(payment: PaymentRecord): TransactItem {
  return newItemTx({
    ...paymentKey(payment.caseId, payment.id),
    entity: PAYMENT_ENTITY,
    ...payment,
  });
}

export type PaymentRefund = NonNullable<PaymentRecord['refund']>;

/**
 * Access pattern: record the refund Stripe made for this payment. Stripe's answer for the same
 * idempotency key is the same refund, so a repeated run writes the same id again.
 */
export async function recordPaymentRefund(
  caseId: string,
  paymentId: string,
  refund: PaymentRefund,
): Promise<void> {
  await updateItem(paymentKey(caseId, paymentId), {
    UpdateExpression: 'SET refund = :refund',
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeValues: { ':refund': refund },
  });
}
