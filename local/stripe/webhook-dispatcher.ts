import { signStripePayload } from './signature';
import type { JsonStore } from './store';

export interface WebhookDispatcherOptions {
  /** Where events are POSTed; an empty string records events without sending them. */
  url: string;
  secret: string;
  store: JsonStore;
  now: () => number;
  /** Waits before the 2nd, 3rd, … attempt; its length bounds the retries. */
  retryDelaysMs: readonly number[];
  /** Per-attempt limit. */
  timeoutMs: number;
}

export const DEFAULT_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000] as const;
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5_000;

/**
 * Sends stored events to the webhook endpoint, signed as Stripe signs them, and retries failed
 * deliveries a bounded number of times with backoff. Delivery state lives in the data file, so
 * an event still pending when the server stops is sent again after a restart. Logs name the
 * event id, type and failure only: never the body.
 */
export class WebhookDispatcher {
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Map<Promise<void>, AbortController>();

  constructor(private readonly options: WebhookDispatcherOptions) {}

  private get maxAttempts(): number {
    return this.options.retryDelaysMs.length + 1;
  }

  /** Sends an event; resolves after the first attempt (later retries run in the background). */
  async deliver(eventId: string): Promise<void> {
    const record = this.options.store.data.events[eventId];
    if (!record) return;
    if (!this.options.url) {
      record.delivery.status = 'disabled';
      await this.options.store.save();
      return;
    }
    await this.attempt(eventId);
  }

  /** Picks up deliveries left pending by a previous run. */
  resumePending(): void {
    for (const [id, record] of Object.entries(this.options.store.data.events)) {
      if (record.delivery.status === 'pending') void this.deliver(id);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight.values()) controller.abort();
    await Promise.allSettled([...this.inFlight.keys()]);
  }

  private attempt(eventId: string): Promise<void> {
    const controller = new AbortController();
    const run = this.send(eventId, controller.signal).finally(() => this.inFlight.delete(run));
    this.inFlight.set(run, controller);
    return run;
  }

  private async send(eventId: string, signal: AbortSignal): Promise<void> {
    const { store, url, secret, now, timeoutMs } = this.options;
    const record = store.data.events[eventId];
    if (!record || this.closed) return;
    const { event, delivery } = record;
    const body = JSON.stringify(event, null, 2);
    const attemptedAt = Math.floor(now() / 1000);
    let failure: string | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signStripePayload(body, secret, attemptedAt),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      await response.body?.cancel();
      if (response.status < 200 || response.status >= 300) failure = `HTTP ${response.status}`;
    } catch (error) {
      failure = describeFetchError(error);
    }
    if (this.closed) return; // stopped mid-attempt: stays pending for the next run

    delivery.attempts += 1;
    delivery.last_attempt_at = attemptedAt;
    delivery.last_error = failure;
    const attempts = delivery.attempts;
    if (failure === null) {
      delivery.status = 'delivered';
    } else if (attempts >= this.maxAttempts) {
      delivery.status = 'failed';
      console.error(
        `[local-stripe] webhook ${event.id} (${event.type}) to ${url} failed after ${attempts} attempts: ${failure}; giving up`,
      );
    } else {
      const delay = this.options.retryDelaysMs[attempts - 1] ?? 0;
      console.warn(
        `[local-stripe] webhook ${event.id} (${event.type}) attempt ${attempts}/${this.maxAttempts} failed: ${failure}; retrying in ${delay} ms`,
      );
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.attempt(eventId);
      }, delay);
      timer.unref();
      this.timers.add(timer);
    }
    await store.save().catch((error: unknown) => {
      console.error(`[local-stripe] could not save webhook delivery state: ${String(error)}`);
    });
  }
}

function describeFetchError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: unknown } }).cause;
    if (error.name === 'TimeoutError') return 'timed out';
    if (cause && typeof cause.code === 'string') return cause.code;
    return error.message;
  }
  return String(error);
}
