import type { CardSummary } from './cards';
import { invalidRequest, resourceMissing } from './errors';
import { newId, randomToken } from './ids';
import type { CancelInput, CaptureInput } from './intent-params';
import type { PaymentIntentRecord, SessionRecord, StripeEvent } from './records';
import type { CreateRefundInput, ListRefundsInput } from './refund-params';
import type { CreateSessionInput } from './session-params';
import type { JsonStore } from './store';
import {
  isEmbedded,
  toChargeObject,
  toPaymentIntentObject,
  toRefundObject,
  toSessionObject,
  type CheckoutSessionObject,
} from './views';
import type { WebhookDispatcher } from './webhook-dispatcher';
import { formatAmount } from './money';

export interface ServiceContext {
  store: JsonStore;
  dispatcher: WebhookDispatcher;
  /** Milliseconds since the epoch. */
  now: () => number;
  publicBaseUrl: string;
  /** `api_version` written into events. */
  apiVersion: string;
  /** How long an uncaptured authorization holds before Stripe cancels it (7 days for cards). */
  authorizationValiditySeconds: number;
}

const DAY_SECONDS = 24 * 60 * 60;
export const DEFAULT_AUTHORIZATION_VALIDITY_SECONDS = 7 * DAY_SECONDS;

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

export type PayResult =
  { paid: true; session: SessionRecord } | { paid: false; session: SessionRecord };

/**
 * The stand-in's state changes: sessions, payments, captures, cancels, refunds and the events
 * they raise. All checks and changes happen synchronously before the first `await`, so two
 * requests can never both pay one session, nor both capture (or capture and cancel) one
 * PaymentIntent.
 */
export class LocalStripeService {
  constructor(private readonly ctx: ServiceContext) {}

  private nowSeconds(): number {
    return Math.floor(this.ctx.now() / 1000);
  }

  private get data() {
    return this.ctx.store.data;
  }

  view(session: SessionRecord): CheckoutSessionObject {
    return toSessionObject(session, this.ctx.publicBaseUrl);
  }

  async createSession(input: CreateSessionInput): Promise<CheckoutSessionObject> {
    const created = this.nowSeconds();
    const id = newId('cs_test', 58);
    const session: SessionRecord = {
      id,
      created,
      expires_at: input.expires_at ?? created + DAY_SECONDS,
      status: 'open',
      payment_status: 'unpaid',
      ui_mode: input.ui_mode,
      currency: input.currency,
      amount_total: input.amount_total,
      line_items: input.line_items,
      client_reference_id: input.client_reference_id,
      client_secret: isEmbedded(input) ? `${id}_secret_${randomToken(24)}` : null,
      customer_email: input.customer_email,
      metadata: input.metadata,
      success_url: input.success_url,
      cancel_url: input.cancel_url,
      return_url: input.return_url,
      redirect_on_completion: input.redirect_on_completion,
      payment_intent: null,
      payment_intent_data: input.payment_intent_data,
      customer_details: null,
    };
    this.data.sessions[id] = session;
    await this.ctx.store.save();
    return this.view(session);
  }

  /** The session, expired first if its time has passed (Stripe expires sessions by itself). */
  async findSession(id: string): Promise<SessionRecord | undefined> {
    const session = this.data.sessions[id];
    if (session?.status === 'open' && this.nowSeconds() >= session.expires_at) {
      session.status = 'expired';
      await this.ctx.store.save();
    }
    return session;
  }

  async retrieveSession(id: string): Promise<CheckoutSessionObject> {
    const session = await this.findSession(id);
    if (!session) throw resourceMissing('checkout.session', id, 'session');
    return this.view(session);
  }

  /** `POST /v1/checkout/sessions/{id}/expire`. */
  async expireSession(id: string): Promise<CheckoutSessionObject> {
    const session = await this.findSession(id);
    if (!session) throw resourceMissing('checkout.session', id, 'session');
    if (session.status !== 'open') {
      throw invalidRequest(
        `Only Checkout Sessions with a status of \`open\` can be expired; this one is \`${session.status}\`.`,
        'checkout_session_not_open',
      );
    }
    session.status = 'expired';
    await this.ctx.store.save();
    return this.view(session);
  }

  /**
   * Records a successful card payment and sends `checkout.session.completed`; resolves after the
   * webhook's first delivery attempt. Only an open session can be paid. Under manual capture the
   * card is only authorized: the PaymentIntent is `requires_capture`, the session `complete` but
   * `unpaid` (as Stripe reports it), and `payment_intent.amount_capturable_updated` is sent too.
   */
  async paySession(
    id: string,
    card: CardSummary,
    customer: { email: string; name: string },
  ): Promise<PayResult | undefined> {
    const session = await this.findSession(id);
    if (!session) return undefined;
    if (session.status !== 'open') return { paid: false, session };

    const now = this.nowSeconds();
    const intentId = newId('pi_test');
    const captureMethod = session.payment_intent_data.capture_method;
    const manual = captureMethod === 'manual';
    const intent: PaymentIntentRecord = {
      id: intentId,
      created: now,
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
    this.data.paymentIntents[intentId] = intent;
    session.status = 'complete';
    session.payment_status = manual ? 'unpaid' : 'paid';
    session.payment_intent = intentId;
    session.customer_details = customer;
    const events = [
      ...(manual
        ? [
            this.recordEvent(
              'payment_intent.amount_capturable_updated',
              toPaymentIntentObject(intent),
            ),
          ]
        : []),
      this.recordEvent('checkout.session.completed', this.view(session)),
    ];
    await this.ctx.store.save();
    await Promise.all(events.map((event) => this.ctx.dispatcher.deliver(event.id)));
    return { paid: true, session };
  }

  async retrievePaymentIntent(id: string) {
    const intent = this.findIntent(id);
    const expired = this.expireIfDue(intent);
    if (expired) await this.publish([expired]);
    return toPaymentIntentObject(intent);
  }

  /**
   * `POST /v1/payment_intents/{id}/capture`: takes the authorized money (all of it, or
   * `amount_to_capture`; the rest is released). Sends `payment_intent.succeeded` and
   * `charge.captured`; the Checkout Session becomes `paid`.
   */
  async capturePaymentIntent(id: string, input: CaptureInput) {
    const intent = this.findIntent(id);
    const expired = this.expireIfDue(intent);
    if (intent.status !== 'requires_capture') {
      if (expired) await this.publish([expired]);
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
    const session = this.data.sessions[intent.checkout_session];
    // The funds are now in the account: Stripe's meaning of the session's `paid`.
    if (session) session.payment_status = 'paid';
    await this.publish([
      this.recordEvent('payment_intent.succeeded', toPaymentIntentObject(intent)),
      this.recordEvent('charge.captured', toChargeObject(intent)),
    ]);
    return toPaymentIntentObject(intent);
  }

  /**
   * `POST /v1/payment_intents/{id}/cancel`: releases an authorization (nothing is charged, no
   * Refund object). A captured or already cancelled PaymentIntent cannot be cancelled.
   */
  async cancelPaymentIntent(id: string, input: CancelInput) {
    const intent = this.findIntent(id);
    const expired = this.expireIfDue(intent);
    if (!CANCELABLE.includes(intent.status)) {
      if (expired) await this.publish([expired]);
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. ` +
          `Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      );
    }
    this.cancel(intent, this.nowSeconds(), input.cancellation_reason);
    await this.publish([
      this.recordEvent('payment_intent.canceled', toPaymentIntentObject(intent)),
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
    for (const intent of Object.values(this.data.paymentIntents)) {
      const expired = this.expireIfDue(intent);
      if (expired) events.push(expired);
    }
    if (events.length > 0) await this.publish(events);
    return events.length;
  }

  private findIntent(id: string): PaymentIntentRecord {
    const intent = this.data.paymentIntents[id];
    if (!intent) throw resourceMissing('payment_intent', id, 'intent');
    return intent;
  }

  /** Synchronous, so a capture and the expiry it races are decided in one step. */
  private expireIfDue(intent: PaymentIntentRecord): StripeEvent | null {
    const expiresAt = intent.created + this.ctx.authorizationValiditySeconds;
    if (intent.status !== 'requires_capture' || this.nowSeconds() < expiresAt) return null;
    this.cancel(intent, expiresAt, 'automatic');
    return this.recordEvent('payment_intent.canceled', toPaymentIntentObject(intent));
  }

  private cancel(
    intent: PaymentIntentRecord,
    at: number,
    reason: PaymentIntentRecord['cancellation_reason'],
  ): void {
    intent.status = 'canceled';
    intent.canceled_at = at;
    intent.cancellation_reason = reason;
    intent.amount_capturable = 0;
  }

  /**
   * Saves, then sends the events without waiting for the endpoint: Stripe answers the API call
   * before its webhooks arrive (the product may call capture from inside its own handlers).
   */
  private async publish(events: StripeEvent[]): Promise<void> {
    await this.ctx.store.save();
    for (const event of events) {
      this.ctx.dispatcher.deliver(event.id).catch((error: unknown) => {
        console.error(`[local-stripe] could not send ${event.type}: ${String(error)}`);
      });
    }
  }

  async createRefund(input: CreateRefundInput) {
    const intent = input.payment_intent
      ? this.data.paymentIntents[input.payment_intent]
      : Object.values(this.data.paymentIntents).find((i) => i.latest_charge === input.charge);
    if (!intent) {
      const [param, id] = input.payment_intent
        ? ['payment_intent', input.payment_intent]
        : ['charge', input.charge ?? ''];
      throw invalidRequest(`No such ${param}: '${id}'`, 'resource_missing', param);
    }
    if (input.charge && input.charge !== intent.latest_charge) {
      throw invalidRequest(
        `Charge ${input.charge} does not belong to PaymentIntent ${intent.id}.`,
        'parameter_invalid',
        'charge',
      );
    }
    const expired = this.expireIfDue(intent);
    if (expired) await this.publish([expired]);
    if (intent.status === 'requires_capture') {
      throw invalidRequest(
        `This uncaptured Charge was created by a PaymentIntent (${intent.id}). You must cancel the PaymentIntent to reverse the authorization instead of refunding the Charge directly. For more information, see https://stripe.com/docs/payments/place-a-hold-on-a-payment-method`,
      );
    }
    // A cancelled authorization was released in full: its charge counts as refunded.
    const remaining = intent.amount_received - intent.amount_refunded;
    if (remaining <= 0) {
      throw invalidRequest(
        `Charge ${intent.latest_charge} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const amount = input.amount ?? remaining;
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount (${formatAmount(amount, intent.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, intent.currency)})`,
        'amount_too_large',
        'amount',
      );
    }
    const refund = {
      id: newId('re_test'),
      created: this.nowSeconds(),
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason: input.reason,
      metadata: input.metadata,
    };
    this.data.refunds[refund.id] = refund;
    intent.amount_refunded += amount;
    await this.ctx.store.save();
    return toRefundObject(refund);
  }

  listRefunds(input: ListRefundsInput) {
    const matching = Object.values(this.data.refunds)
      .filter((refund) => !input.payment_intent || refund.payment_intent === input.payment_intent)
      .filter((refund) => !input.charge || refund.charge === input.charge)
      .sort((a, b) => b.created - a.created);
    return {
      object: 'list' as const,
      data: matching.slice(0, input.limit).map(toRefundObject),
      has_more: matching.length > input.limit,
      url: '/v1/refunds',
    };
  }

  retrieveRefund(id: string) {
    const refund = this.data.refunds[id];
    if (!refund) throw resourceMissing('refund', id, 'id');
    return toRefundObject(refund);
  }

  private recordEvent(type: string, object: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: this.ctx.apiVersion,
      created: this.nowSeconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.data.events[event.id] = {
      event,
      delivery: { status: 'pending', attempts: 0, last_attempt_at: null, last_error: null },
    };
    return event;
  }
}
