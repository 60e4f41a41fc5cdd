import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { handleApi } from './api';
import { handleCheckout } from './checkout-routes';
import { send, sendJson } from './http';
import { IdempotencyCache } from './idempotency';
import { RefundOutage } from './refund-outage';
import { DEFAULT_AUTHORIZATION_VALIDITY_SECONDS } from './payment-intents';
import { LocalStripeService } from './service';
import { JsonStore } from './store';
import { stripeJsSource } from './stripe-js';
import {
  DEFAULT_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  WebhookDispatcher,
} from './webhook-dispatcher';

export interface LocalStripeOptions {
  /** 0 picks a free port; the bound one is returned. */
  port: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** JSON file holding sessions, payments, refunds and events; a missing file starts empty. */
  dataFile: string;
  /** Where `checkout.session.completed` is POSTed ('' records events without sending them). */
  webhookUrl: string;
  /** Endpoint secret (`whsec_…`) the `Stripe-Signature` header is computed with. */
  webhookSecret: string;
  /** Base of the checkout page URLs given to browsers; default the server's own URL. */
  publicBaseUrl?: string;
  /** Clock in milliseconds since the epoch (tests); default Date.now. */
  now?: () => number;
  /** Waits between webhook attempts; its length bounds the retries (default 0.5 s … 8 s, 5 retries). */
  webhookRetryDelaysMs?: readonly number[];
  /** Per-attempt webhook timeout; default 5 s. */
  webhookTimeoutMs?: number;
  /** `api_version` written into events; default the version stripe-node pins. */
  apiVersion?: string;
  /**
   * How long a manual-capture authorization holds before Stripe cancels it by itself
   * (`cancellation_reason: automatic`); default 7 days, as for online card payments. Tests
   * shorten it (LOCAL_STRIPE_AUTHORIZATION_SECONDS).
   */
  authorizationValiditySeconds?: number;
}

/** How often expired authorizations are looked for (so their webhook goes out unasked). */
const AUTHORIZATION_SWEEP_MS = 1_000;

export interface LocalStripe {
  url: string;
  port: number;
  /** Settles when its server closes (`npm start`'s watcher, local/supervisor.ts). */
  ended: Promise<string>;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the local Stripe stand-in: the v1 API subset the product uses, the checkout page, a
 * tiny Stripe.js for embedded Checkout, and signed webhooks. See docs/local-stripe.md.
 */
export async function createLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? Date.now;
  const store = await JsonStore.open(options.dataFile);
  const warned = new Set<string>();
  const warnOnce = (key: string, message: string): void => {
    if (warned.has(key)) return;
    warned.add(key);
    console.warn(`[local-stripe] ${message}`);
  };

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${urlHost(host)}:${port}`;
  const publicBaseUrl = (options.publicBaseUrl ?? url).replace(/\/+$/, '');

  const dispatcher = new WebhookDispatcher({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    store,
    now,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    timeoutMs: options.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
  });
  const service = new LocalStripeService({
    store,
    dispatcher,
    now,
    publicBaseUrl,
    apiVersion: options.apiVersion ?? Stripe.API_VERSION,
    authorizationValiditySeconds:
      options.authorizationValiditySeconds ?? DEFAULT_AUTHORIZATION_VALIDITY_SECONDS,
  });
  const refundOutage = new RefundOutage();
  const apiContext = {
    service,
    idempotency: new IdempotencyCache(now),
    now,
    warnOnce,
    refundOutage,
  };
  const script = stripeJsSource(publicBaseUrl);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(`http://local-stripe${req.url ?? '/'}`);
    const path = url.pathname;
    if (path === '/v1' || path.startsWith('/v1/')) return handleApi(req, res, url, apiContext);
    if (await handleCheckout(req, res, url, { service, now })) return;
    if (await refundOutage.handle(req, res, path)) return;
    if (
      req.method === 'GET' &&
      (/^\/v3\/?$/.test(path) || /^\/[a-z0-9]+\/stripe\.js$/.test(path))
    ) {
      return send(res, 200, 'text/javascript; charset=utf-8', script, {
        'access-control-allow-origin': '*',
      });
    }
    if (req.method === 'GET' && path === '/') {
      return sendJson(res, 200, { service: 'local-stripe', ok: true });
    }
    send(res, 404, 'text/plain; charset=utf-8', 'Not found');
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`[local-stripe] ${req.method} ${req.url} failed:`, error);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Internal error');
      else res.destroy();
    });
  });

  dispatcher.resumePending();

  // A sweep on the given clock (not one timer per authorization), so tests that move `now`
  // see the expiry too; overlapping sweeps are skipped.
  let sweeping: Promise<unknown> | null = null;
  const sweep = setInterval(() => {
    sweeping ??= service.intents
      .expireAuthorizations()
      .catch((error: unknown) => {
        console.error(`[local-stripe] authorization expiry sweep failed: ${String(error)}`);
      })
      .finally(() => {
        sweeping = null;
      });
  }, AUTHORIZATION_SWEEP_MS);
  sweep.unref();

  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    ended: new Promise((resolve) => server.once('close', () => resolve('its server closed'))),
    close() {
      closing ??= (async () => {
        clearInterval(sweep);
        await sweeping;
        const stopped = new Promise<void>((resolve, reject) =>
          server.close((error) => (error ? reject(error) : resolve())),
        );
        server.closeIdleConnections();
        await dispatcher.close();
        server.closeAllConnections();
        await stopped;
        await store.flush();
      })();
      return closing;
    },
  };
}
