import type { CardSummary } from './cards';
import { invalidRequest, resourceMissing } from './errors';
import { newId, randomToken } from './ids';
import type { SessionRecord, StripeEvent } from './records';
import type { CreateRefundInput, ListRefundsInput } from './refund-params';
import type { CreateSessionInput } from './session-params';
import type { JsonStore } from './store';
import {
  isEmbedded,
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
}

const DAY_SECONDS = 24 * 60 * 60;

export type PayResult =
  { paid: true; session: SessionRecord } | { paid: false; session: SessionRecord };

/**
 * The stand-in's state changes: sessions, payments, refunds and the events they raise. All
 * checks and changes happen synchronously before the first `await`, so two requests can never
 * both pay one session.
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
   * webhook's first delivery attempt. Only an open session can be paid.
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
    this.data.paymentIntents[intentId] = {
      id: intentId,
      created: now,
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      description: session.payment_intent_data.description,
      metadata: session.payment_intent_data.metadata,
      checkout_session: session.id,
      latest_charge: newId('ch_test'),
      card,
    };
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = intentId;
    session.customer_details = customer;
    const event = this.recordEvent('checkout.session.completed', this.view(session));
    await this.ctx.store.save();
    await this.ctx.dispatcher.deliver(event.id);
    return { paid: true, session };
  }

  retrievePaymentIntent(id: string) {
    const intent = this.data.paymentIntents[id];
    if (!intent) throw resourceMissing('payment_intent', id, 'intent');
    return toPaymentIntentObject(intent);
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
    const remaining = intent.amount - intent.amount_refunded;
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
