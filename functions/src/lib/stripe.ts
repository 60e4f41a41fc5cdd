import Stripe from 'stripe';
import { env } from './env';

let client: { settings: string; stripe: Stripe } | undefined;

/**
 * The Stripe client. In the cloud it talks to Stripe; locally `STRIPE_API_URL` points it at the
 * local stand-in through stripe-node's own host/port/protocol options (DESIGN.md §2). One client
 * per container, made again only if its settings change (a test that points it elsewhere).
 */
export function stripe(): Stripe {
  const apiUrlSetting = env.stripeApiUrl;
  const settings = `${env.stripeSecretKey}\n${apiUrlSetting ?? ''}`;
  if (client?.settings !== settings) {
    const apiUrl = apiUrlSetting ? new URL(apiUrlSetting) : undefined;
    const stripeClient = new Stripe(env.stripeSecretKey, {
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
    client = { settings, stripe: stripeClient };
  }
  return client.stripe;
}
