import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createLocalStripe, type LocalStripe, type LocalStripeOptions } from './server';
import { WebhookReceiver } from './webhook-receiver';

/** Test helper: the stand-in as its own tests run it (server.test.ts, manual-capture.test.ts). */

/** What the product sells: one 15-minute video consultation at $2.99. */
export const consultationLineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [
  {
    price_data: {
      currency: 'usd',
      unit_amount: 299,
      product_data: { name: '15-minute video consultation' },
    },
    quantity: 1,
  },
];

/** The checkout form filled in with a card the stand-in accepts. */
export const goodCard = {
  email: 'patient@example.com',
  card_number: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  name: 'Pat Doe',
};

export interface LocalStripeTestSettings {
  /** The secret key stripe-node sends. */
  apiKey: string;
  /** The endpoint secret the webhooks are signed with. */
  webhookSecret: string;
  /** Prefix of each test's temporary directory, which holds the stand-in's data file. */
  tempDirPrefix: string;
}

/**
 * The stand-in of one test: started before it on a fresh data file, with a clock the test moves,
 * and closed after it. Its webhooks go to `receiver`, emptied before each test.
 */
export class LocalStripeUnderTest {
  readonly receiver = new WebhookReceiver();
  /** The stand-in's clock, in ms since the epoch: now at the start of each test. */
  clock = Date.now();
  #dir: string | undefined;
  #server: LocalStripe | undefined;
  #stripe: Stripe | undefined;

  constructor(private readonly settings: LocalStripeTestSettings) {}

  /** The running stand-in: its URL and port. */
  get server(): LocalStripe {
    return running(this.#server);
  }

  /** stripe-node with the settings' key, pointed at the stand-in, without retries. */
  get stripe(): Stripe {
    return running(this.#stripe);
  }

  /** The JSON file the stand-in keeps its sessions, payments and events in. */
  get dataFile(): string {
    return join(running(this.#dir), 'stripe.json');
  }

  /** stripe-node with `apiKey`, pointed at the stand-in. */
  connect(apiKey: string, config: Stripe.StripeConfig = {}): Stripe {
    return new Stripe(apiKey, {
      host: '127.0.0.1',
      port: this.server.port,
      protocol: 'http',
      ...config,
    });
  }

  /** Closes the stand-in and starts it again on the same data file, with `options` this time. */
  async restart(options: Partial<LocalStripeOptions> = {}): Promise<void> {
    await this.server.close();
    this.#server = undefined;
    await this.#start(options);
  }

  /**
   * Submits the checkout form as the browser does (no redirect following): `goodCard`, with
   * `fields` in its place where given.
   */
  pay(sessionId: string, fields: Partial<typeof goodCard> = {}, query = '') {
    return fetch(`${this.server.url}/checkout/${sessionId}/pay${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...goodCard, ...fields }),
      redirect: 'manual',
    });
  }

  async setUp(): Promise<void> {
    this.clock = Date.now();
    this.receiver.deliveries.length = 0;
    this.receiver.statuses.length = 0;
    this.#dir = await mkdtemp(join(tmpdir(), this.settings.tempDirPrefix));
    await this.#start();
  }

  async tearDown(): Promise<void> {
    await this.#server?.close();
    this.#server = undefined;
    this.#stripe = undefined;
    if (this.#dir) await rm(this.#dir, { recursive: true, force: true });
    this.#dir = undefined;
  }

  async #start(options: Partial<LocalStripeOptions> = {}): Promise<void> {
    this.#server = await createLocalStripe({
      port: 0,
      dataFile: this.dataFile,
      webhookUrl: this.receiver.url,
      webhookSecret: this.settings.webhookSecret,
      now: () => this.clock,
      webhookRetryDelaysMs: [20, 40],
      ...options,
    });
    this.#stripe = this.connect(this.settings.apiKey, { maxNetworkRetries: 0 });
  }
}

function running<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the stand-in runs only during a test');
  return value;
}

/**
 * The calling test file's stand-in, set up and torn down around each of its tests (this
 * registers the file's hooks: call it at the top level).
 */
export function useLocalStripe(settings: LocalStripeTestSettings): LocalStripeUnderTest {
  const standIn = new LocalStripeUnderTest(settings);
  beforeAll(() => standIn.receiver.start());
  afterAll(() => standIn.receiver.stop());
  beforeEach(() => standIn.setUp());
  afterEach(() => standIn.tearDown());
  return standIn;
}
