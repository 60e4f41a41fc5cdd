import { invalidRequest } from './errors';
import type { FormObject } from './form';
import { checkKnownKeys, metadata, optionalInteger, optionalString } from './params';

/** `POST /v1/refunds` parameters (Refunds API, 2026-10-28). */
const KNOWN_PARAMS = new Set(
  (
    'amount charge currency customer expand instructions_email metadata origin payment_intent ' +
    'reason refund_application_fee reverse_transfer'
  ).split(' '),
);
const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

export interface CreateRefundInput {
  payment_intent: string | null;
  charge: string | null;
  amount: number | null;
  reason: string | null;
  metadata: Record<string, string>;
}

export function parseCreateRefund(form: FormObject): CreateRefundInput {
  checkKnownKeys(form, KNOWN_PARAMS, null);
  const paymentIntent = optionalString(form.payment_intent, 'payment_intent');
  const charge = optionalString(form.charge, 'charge');
  if (paymentIntent === null && charge === null) {
    throw invalidRequest(
      'One of the following params should be provided for this request: payment_intent or charge.',
      'parameter_missing',
    );
  }
  const reason = optionalString(form.reason, 'reason');
  if (reason !== null && !(REASONS as readonly string[]).includes(reason)) {
    throw invalidRequest(
      `Invalid reason: must be one of ${REASONS.join(', ')}`,
      'parameter_invalid',
      'reason',
    );
  }
  return {
    payment_intent: paymentIntent,
    charge,
    amount: optionalInteger(form.amount, 'amount', 1, 99_999_999),
    reason,
    metadata: metadata(form.metadata, 'metadata'),
  };
}

/** `GET /v1/refunds` filters (newest first, as Stripe lists them; no paging cursors locally). */
const LIST_PARAMS = new Set(['charge', 'payment_intent', 'limit', 'expand']);

export interface ListRefundsInput {
  payment_intent: string | null;
  charge: string | null;
  limit: number;
}

export function parseListRefunds(form: FormObject): ListRefundsInput {
  checkKnownKeys(form, LIST_PARAMS, null);
  return {
    payment_intent: optionalString(form.payment_intent, 'payment_intent'),
    charge: optionalString(form.charge, 'charge'),
    limit: optionalInteger(form.limit, 'limit', 1, 100) ?? 10,
  };
}
