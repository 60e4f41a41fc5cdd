import * as z from 'zod';
import { CONSULTATION_FEE_CENTS, CONSULTATION_FEE_LABEL } from './constants';

// The texts said before paying live in a module without zod (the landing's first load).
export { doctorsOnDutyText, minutesText, waitPromiseText } from './before-paying';

/**
 * Pay only when seen (issue 28, docs/adr/0024): checkout authorizes the fee, the payment is
 * captured when the consultation happened and voided otherwise. These are the states a patient
 * reads; `refunded` is only for a payment captured before this rule (or captured and then
 * refunded by an operator).
 */
export const moneyStates = ['authorized', 'charged', 'released', 'refunded'] as const;
export const moneyStateSchema = z.enum(moneyStates);
export type MoneyState = z.infer<typeof moneyStateSchema>;

/** What the visit, processing and verification pages say about the money (issue 28 item 2). */
export const moneyTexts: Readonly<Record<MoneyState, string>> = {
  authorized: 'Card authorized – you are charged only when your consultation takes place',
  charged: `Charged ${CONSULTATION_FEE_LABEL}`,
  released: 'Not charged – the authorization was released',
  refunded: `Refunded ${CONSULTATION_FEE_LABEL}`,
};

/** `WAIT_PROMISE_MINUTES` when unset: the wait promise made before paying (issue 28 item 3). */
export const DEFAULT_WAIT_PROMISE_MINUTES = 30;

/**
 * `CAPTURE_AFTER_CONNECTED_SECONDS` when unset: how long both parties must have been connected
 * in the room for the consultation to count as held, and the payment to be captured.
 */
export const DEFAULT_CAPTURE_AFTER_CONNECTED_SECONDS = 60;

/** Why a payment is captured or voided: recorded with the decision, shown to the admin. */
export const settlementReasons = {
  capture: ['consultation_held', 'nurse_visit_done'],
  void: [
    'expired',
    'patient_no_show',
    'never_connected',
    'wait_promise',
    'nurse_visit_not_reached',
    'authorization_expired',
  ],
} as const;
export type CaptureReason = (typeof settlementReasons.capture)[number];
export type VoidReason = (typeof settlementReasons.void)[number];
export type SettlementDecision =
  { action: 'capture'; why: CaptureReason } | { action: 'void'; why: VoidReason };

/**
 * The consultation happened when both parties were connected in the room together for at least
 * the minimum: then the payment is captured, otherwise voided (`never_connected`).
 */
export function consultationHeld(bothConnectedSeconds: number, minimumSeconds: number): boolean {
  return bothConnectedSeconds >= minimumSeconds;
}

/**
 * Stripe's fee on a US card charge (2.9 % + 30¢, rounded to the cent): what a refund loses,
 * since Stripe keeps its fee on a refund. Cancelling an uncaptured payment costs nothing.
 * For the flat fee: 39¢ of $2.99.
 */
export function stripeCardFeeCents(amountCents: number = CONSULTATION_FEE_CENTS): number {
  return Math.round(amountCents * 0.029) + 30;
}
