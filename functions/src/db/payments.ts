import * as z from 'zod';
import { settlementReasons } from '@shared/payments/money';
import { partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { IF_EXISTS, conditionalUpdate, updateItem, type StoredItem } from './table';
import { newItemTx, type TransactItem } from './transaction';

export const PAYMENT_ENTITY = 'Payment';
const entity = { tag: PAYMENT_ENTITY };
const SK_PREFIX = 'PAYMENT#';

export const paymentKey = (caseId: string, paymentId: string): ItemKey => ({
  pk: partitions.case(caseId),
  sk: `${SK_PREFIX}${paymentId}`,
});

/**
 * Where the money of a payment stands at Stripe (docs/adr/0024): `authorized` (the card holds
 * the fee, nothing charged), then `captured` (charged) or `voided` (the authorization released).
 * Payments recorded before manual capture were charged at checkout: their stored `paid` reads
 * as `captured`.
 */
export const authorizationStates = ['authorized', 'captured', 'voided'] as const;
export type AuthorizationState = (typeof authorizationStates)[number];
const authorizationStateSchema = z
  .enum([...authorizationStates, 'paid'])
  .transform((state): AuthorizationState => (state === 'paid' ? 'captured' : state));

/** The one settlement decision of a payment: the first recorded wins (docs/adr/0024). */
const settlementDecisionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('capture'),
    why: z.enum(settlementReasons.capture),
    decidedAt: z.string(),
  }),
  z.object({
    action: z.literal('void'),
    why: z.enum(settlementReasons.void),
    decidedAt: z.string(),
  }),
]);
export type RecordedSettlementDecision = z.infer<typeof settlementDecisionSchema>;

export const paymentRecordSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  provider: z.literal('stripe'),
  status: authorizationStateSchema,
  /** Ids and amounts only (DESIGN.md §6: no patient data beyond ids). */
  rawPayload: z.object({
    checkoutSessionId: z.string(),
    paymentIntentId: z.string().nullable(),
    amountTotal: z.number().int(),
    currency: z.string(),
    eventId: z.string().nullable(),
  }),
  createdAt: z.string(),
  /** A full refund of a captured payment (DESIGN.md §5), as Stripe last answered it. */
  refund: z
    .object({
      id: z.string(),
      status: z.string(),
      amount: z.number().int(),
      createdAt: z.string(),
    })
    .nullable()
    .default(null),
  /** Capture or void, and why: written once (the first decision wins). */
  settlement: settlementDecisionSchema.nullable().default(null),
  /** When Stripe confirmed the settlement, and the PaymentIntent's status it answered. */
  settledAt: z.string().nullable().default(null),
  intentStatus: z.string().nullable().default(null),
  /**
   * The last failed attempt at Stripe (the admin's case details show it): when, and Stripe's
   * error type and code only, never a message or value. Kept once the settlement is done.
   */
  settlementFailure: z
    .object({ at: z.string(), type: z.string().nullable(), code: z.string().nullable() })
    .nullable()
    .default(null),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
export type SettlementFailure = NonNullable<PaymentRecord['settlementFailure']>;

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

/**
 * Access pattern: record the payment's settlement decision, only if none is recorded yet (one
 * conditional write: of a capture and a void decided at once, exactly one is stored). False when
 * a decision was there already; the caller reads which.
 */
export function recordSettlementDecision(
  caseId: string,
  paymentId: string,
  decision: RecordedSettlementDecision,
): Promise<boolean> {
  return conditionalUpdate(paymentKey(caseId, paymentId), {
    UpdateExpression: 'SET settlement = :decision',
    ConditionExpression: `${IF_EXISTS} AND (attribute_not_exists(settlement) OR settlement = :none)`,
    ExpressionAttributeValues: { ':decision': decision, ':none': null },
  });
}

/**
 * Access pattern: record where Stripe left the authorization (captured or voided), the
 * PaymentIntent's status and when. The last failure stays, so the admin sees a settlement that
 * needed its retry. Written again by a repeated run or a webhook with the same state.
 */
export async function recordAuthorizationState(
  caseId: string,
  paymentId: string,
  state: Exclude<AuthorizationState, 'authorized'>,
  intentStatus: string,
  settledAt: string,
): Promise<void> {
  await updateItem(paymentKey(caseId, paymentId), {
    UpdateExpression:
      'SET #status = :state, intentStatus = :intentStatus, settledAt = if_not_exists(settledAt, :at)',
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':state': state,
      ':intentStatus': intentStatus,
      ':at': settledAt,
    },
  });
}

/** Access pattern: record a failed attempt at Stripe (type and code only) while unsettled. */
export async function recordSettlementFailure(
  caseId: string,
  paymentId: string,
  failure: SettlementFailure,
): Promise<void> {
  await conditionalUpdate(paymentKey(caseId, paymentId), {
    UpdateExpression: 'SET settlementFailure = :failure',
    ConditionExpression: `${IF_EXISTS} AND #status = :authorized`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':failure': failure, ':authorized': 'authorized' },
  });
}

/**
 * The payment the case's money stands on: the newest. A case paid again after its authorization
 * was released (the wait promise's "Keep waiting", issue 28 item 3) has one Payment per
 * authorization; the earlier ones are settled already.
 */
export function currentPayment(payments: readonly PaymentRecord[]): PaymentRecord | null {
  return payments.reduce<PaymentRecord | null>(
    (newest, payment) => (!newest || payment.createdAt > newest.createdAt ? payment : newest),
    null,
  );
}
