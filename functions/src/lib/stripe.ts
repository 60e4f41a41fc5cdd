import type Stripe from 'stripe';
import { env } from '../core/env';

/**
 * Client limits (issue 10 item 9): 5 s per attempt and one retry, so a stalled Stripe costs at
 * most about 10.5 s, inside the functions' 15 s timeout; a failure then answers 503.
 */
export const stripeClientLimits = { timeoutMs: 5_000, maxNetworkRetries: 1 } as const;

let client: { settings: string; stripe: Stripe } | undefined;

/**
 * The Stripe client. In the cloud it talks to Stripe; locally `STRIPE_API_URL` points it at the
 * local stand-in through stripe-node's own host/port/protocol options (DESIGN.md §2). One client
 * per container, made again only if its settings change (a test that points it elsewhere).
 *
 * stripe-node is loaded on the first call, not at import (issue 12 item 5): it was 10-25 ms of
 * the payment handlers' cold start, and most of their requests (a rejected one, a paid case's
 * checkout, a warm-up) never reach Stripe. The bundles put it in a chunk of its own
 * (docs/architecture.md, "Cold start"); the first request that calls Stripe pays the load.
 */
export async function stripe(): Promise<Stripe> {
  const apiUrlSetting = env.stripeApiUrl;
  const settings = `${env.stripeSecretKey}\n${apiUrlSetting ?? ''}`;
  if (client?.settings !== settings) {
    const { default: StripeClient } = await import('stripe');
    // Test only, never in Lambda: the fault run's injected failures (core/faults.ts).
    const faults = env.inLambda ? undefined : await import('./stripe-faults');
    const apiUrl = apiUrlSetting ? new URL(apiUrlSetting) : undefined;
    const stripeClient = new StripeClient(env.stripeSecretKey, {
      maxNetworkRetries: stripeClientLimits.maxNetworkRetries,
      timeout: stripeClientLimits.timeoutMs,
      ...(faults
        ? {
            httpClient: faults.faultyStripeHttpClient(
              StripeClient.createNodeHttpClient(),
              stripeClientLimits.maxNetworkRetries,
            ),
          }
        : {}),
      ...(apiUrl
        ? {
            host: apiUrl.hostname,
            port: Number(apiUrl.port || (apiUrl.protocol === 'https:' ? 443 : 80)),
            protocol: apiUrl.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
    client = { settings, stripe: stripeClient };
  }
  return client.stripe;
}
