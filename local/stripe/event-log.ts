import { newId } from './ids';
import type { StripeEvent } from './records';
import type { JsonStore } from './store';
import type { WebhookDispatcher } from './webhook-dispatcher';

export interface EventLogContext {
  store: JsonStore;
  dispatcher: WebhookDispatcher;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** `api_version` written into events. */
  apiVersion: string;
}

/** The events the stand-in raises: kept in the data file with their delivery state, then sent. */
export class EventLog {
  constructor(private readonly ctx: EventLogContext) {}

  /** Records an event as pending (synchronous: callers record it with the change it tells of). */
  record(type: string, object: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: this.ctx.apiVersion,
      created: Math.floor(this.ctx.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.ctx.store.data.events[event.id] = {
      event,
      delivery: { status: 'pending', attempts: 0, last_attempt_at: null, last_error: null },
    };
    return event;
  }

  /** Saves, then sends the events; resolves after each one's first delivery attempt. */
  async deliver(events: StripeEvent[]): Promise<void> {
    await this.ctx.store.save();
    await Promise.all(events.map((event) => this.ctx.dispatcher.deliver(event.id)));
  }

  /**
   * Saves, then sends the events without waiting for the endpoint: Stripe answers an API call
   * before its webhooks arrive (the product may capture from inside its own handlers).
   */
  async publish(events: StripeEvent[]): Promise<void> {
    await this.ctx.store.save();
    for (const event of events) {
      this.ctx.dispatcher.deliver(event.id).catch((error: unknown) => {
        console.error(`[local-stripe] could not send ${event.type}: ${String(error)}`);
      });
    }
  }
}
