import Stripe from 'stripe';
import { env } from './env';

let client: Stripe | undefined;

/**
 * The Stripe client. In the cloud it talks to Stripe; locally `STRIPE_API_URL` points it at the
 * local stand-in through stripe-node's own host/port/protocol options (DESIGN.md §2).
 */
export function stripe(): Stripe {
  if (!client) {
    const apiUrl = env.stripeApiUrl ? new URL(env.stripeApiUrl) : undefined;
    client = new Stripe(env.stripeSecretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(apiUrl
        ? {
            host: apiUrl.hostname,
            port: Number(apiUrl.port || (apiUrl.protocol === 'https:' ? 443 : 80)),
            protocol: apiUrl.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }
  return client;
}
