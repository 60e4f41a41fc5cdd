import type { CardSummary } from './cards';
import { invalidRequest, resourceMissing } from './errors';
import { EventLog, type EventLogContext } from './event-log';
import { newId, randomToken } from './ids';
import { formatAmount } from './money';
import { PaymentIntents } from './payment-intents';
import type { SessionRecord } from './records';
import type { CreateRefundInput, ListRefundsInput } from './refund-params';
import type { CreateSessionInput } from './session-params';
import {
  isEmbedded,
  toPaymentIntentObject,
  toRefundObject,
  toSessionObject,
  type CheckoutSessionObject,
} from './views';

export interface ServiceContext extends EventLogContext {
  publicBaseUrl: string;
  /** How long an uncaptured authorization holds before Stripe cancels it (7 days for cards). */
  authorizationValiditySeconds: number;
}

const DAY_SECONDS = 24 * 60 * 60;

export type PayResult =
  { paid: true; session: SessionRecord } | { paid: false; session: SessionRecord };

/**
 * The stand-in's state changes: sessions, payments and refunds, and the events they raise
 * (PaymentIntents' own changes are in payment-intents.ts). All checks and changes happen
 * synchronously before the first `await`, so two requests can never both pay one session.
 */
export class LocalStripeService {
  readonly events: EventLog;
  readonly intents: PaymentIntents;

  constructor(private readonly ctx: ServiceContext) {
    this.events = new EventLog(ctx);
    this.intents = new PaymentIntents({ ...ctx, events: this.events });
  }

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

    const intent = this.intents.createForPayment(session, card);
    const manual = intent.status === 'requires_capture';
    session.status = 'complete';
    session.payment_status = manual ? 'unpaid' : 'paid';
    session.payment_intent = intent.id;
    session.customer_details = customer;
    const events = [
      ...(manual
        ? [
            this.events.record(
              'payment_intent.amount_capturable_updated',
              toPaymentIntentObject(intent),
            ),
          ]
        : []),
      this.events.record('checkout.session.completed', this.view(session)),
    ];
    await this.events.deliver(events);
    return { paid: true, session };
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
    const expired = this.intents.expireIfDue(intent);
    if (expired) await this.events.publish([expired]);
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
}
