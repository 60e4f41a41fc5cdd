import type { CardSummary } from './cards';
import { invalidRequest, resourceMissing } from './errors';
import type { EventLog } from './event-log';
import { newId } from './ids';
import type { CancelInput, CaptureInput } from './intent-params';
import { formatAmount } from './money';
import type { PaymentIntentRecord, SessionRecord, StripeEvent } from './records';
import type { JsonStore } from './store';
import { toChargeObject, toPaymentIntentObject } from './views';

export interface PaymentIntentsContext {
  store: JsonStore;
  events: EventLog;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** How long an uncaptured authorization holds before Stripe cancels it (7 days for cards). */
  authorizationValiditySeconds: number;
}

export const DEFAULT_AUTHORIZATION_VALIDITY_SECONDS = 7 * 24 * 60 * 60;

/** Every status Stripe lets a PaymentIntent be cancelled from (locally only requires_capture occurs). */
const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

function unexpectedState(message: string) {
  return invalidRequest(message, 'payment_intent_unexpected_state');
}

/**
 * The PaymentIntents of paid Checkout Sessions: captured at once, or (manual capture) authorized
 * and then captured, cancelled, or cancelled by "Stripe" when the authorization expires. Checks
 * and changes happen synchronously before the first `await`, so of a capture racing a cancel
 * (or an expiry) exactly one wins.
 */
export class PaymentIntents {
  constructor(private readonly ctx: PaymentIntentsContext) {}

  private nowSeconds(): number {
    return Math.floor(this.ctx.now() / 1000);
  }

  /** The PaymentIntent of a session just paid (synchronous: part of the payment's one step). */
  createForPayment(session: SessionRecord, card: CardSummary): PaymentIntentRecord {
    const captureMethod = session.payment_intent_data.capture_method;
    const manual = captureMethod === 'manual';
    const intent: PaymentIntentRecord = {
      id: newId('pi_test'),
      created: this.nowSeconds(),
      amount: session.amount_total,
      capture_method: captureMethod,
      status: manual ? 'requires_capture' : 'succeeded',
      amount_capturable: manual ? session.amount_total : 0,
      amount_received: manual ? 0 : session.amount_total,
      canceled_at: null,
      cancellation_reason: null,
      amount_refunded: 0,
      currency: session.currency,
      description: session.payment_intent_data.description,
      metadata: session.payment_intent_data.metadata,
      checkout_session: session.id,
      latest_charge: newId('ch_test'),
      card,
    };
    this.ctx.store.data.paymentIntents[intent.id] = intent;
    return intent;
  }

  async retrieve(id: string) {
    const intent = this.find(id);
    const expired = this.expireIfDue(intent);
    if (expired) await this.ctx.events.publish([expired]);
    return toPaymentIntentObject(intent);
  }

  /**
   * `POST /v1/payment_intents/{id}/capture`: takes the authorized money (all of it, or
   * `amount_to_capture`; the rest is released). Sends `payment_intent.succeeded` and
   * `charge.captured`; the Checkout Session becomes `paid`.
   */
  async capture(id: string, input: CaptureInput) {
    const intent = this.find(id);
    const expired = this.expireIfDue(intent);
    if (intent.status !== 'requires_capture') {
      if (expired) await this.ctx.events.publish([expired]);
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. ` +
          'Only a PaymentIntent with one of the following statuses may be captured: requires_capture.',
      );
    }
    const amount = input.amount_to_capture ?? intent.amount_capturable;
    if (amount > intent.amount_capturable) {
      throw invalidRequest(
        `The amount to capture (${formatAmount(amount, intent.currency)}) is greater than the amount capturable on this PaymentIntent (${formatAmount(intent.amount_capturable, intent.currency)}).`,
        'amount_too_large',
        'amount_to_capture',
      );
    }
    intent.status = 'succeeded';
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    if (input.metadata) intent.metadata = { ...intent.metadata, ...input.metadata };
    const session = this.ctx.store.data.sessions[intent.checkout_session];
    // The funds are now in the account: Stripe's meaning of the session's `paid`.
    if (session) session.payment_status = 'paid';
    await this.ctx.events.publish([
      this.ctx.events.record('payment_intent.succeeded', toPaymentIntentObject(intent)),
      this.ctx.events.record('charge.captured', toChargeObject(intent)),
    ]);
    return toPaymentIntentObject(intent);
  }

  /**
   * `POST /v1/payment_intents/{id}/cancel`: releases an authorization (nothing is charged, no
   * Refund object). A captured or already cancelled PaymentIntent cannot be cancelled.
   */
  async cancel(id: string, input: CancelInput) {
    const intent = this.find(id);
    const expired = this.expireIfDue(intent);
    if (!CANCELABLE.includes(intent.status)) {
      if (expired) await this.ctx.events.publish([expired]);
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. ` +
          `Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      );
    }
    this.release(intent, this.nowSeconds(), input.cancellation_reason);
    await this.ctx.events.publish([
      this.ctx.events.record('payment_intent.canceled', toPaymentIntentObject(intent)),
    ]);
    return toPaymentIntentObject(intent);
  }

  /**
   * Stripe cancels an authorization left uncaptured past its validity by itself, and says so
   * with `payment_intent.canceled` (`cancellation_reason: automatic`). Called by the server's
   * sweep, so the webhook is sent even if nobody reads the PaymentIntent; returns how many.
   */
  async expireAuthorizations(): Promise<number> {
    const events: StripeEvent[] = [];
    for (const intent of Object.values(this.ctx.store.data.paymentIntents)) {
      const expired = this.expireIfDue(intent);
      if (expired) events.push(expired);
    }
    if (events.length > 0) await this.ctx.events.publish(events);
    return events.length;
  }

  find(id: string): PaymentIntentRecord {
    const intent = this.ctx.store.data.paymentIntents[id];
    if (!intent) throw resourceMissing('payment_intent', id, 'intent');
    return intent;
  }

  /** Synchronous, so a capture and the expiry it races are decided in one step. */
  expireIfDue(intent: PaymentIntentRecord): StripeEvent | null {
    const expiresAt = intent.created + this.ctx.authorizationValiditySeconds;
    if (intent.status !== 'requires_capture' || this.nowSeconds() < expiresAt) return null;
    this.release(intent, expiresAt, 'automatic');
    return this.ctx.events.record('payment_intent.canceled', toPaymentIntentObject(intent));
  }

  private release(
    intent: PaymentIntentRecord,
    at: number,
    reason: PaymentIntentRecord['cancellation_reason'],
  ): void {
    intent.status = 'canceled';
    intent.canceled_at = at;
    intent.cancellation_reason = reason;
    intent.amount_capturable = 0;
  }
}
