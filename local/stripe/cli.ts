/**
 * Runs the local Stripe stand-in on its own: `npx tsx local/stripe/cli.ts`.
 * Settings come from the environment (see docs/local-stripe.md).
 */
import { createLocalStripe } from './server';

const env = process.env;
const port = Number(env.LOCAL_STRIPE_PORT ?? 12111);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`LOCAL_STRIPE_PORT must be a port number, got '${env.LOCAL_STRIPE_PORT ?? ''}'`);
  process.exit(1);
}
const webhookUrl = env.STRIPE_WEBHOOK_URL ?? '';
const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local_development_only';
const authorizationSeconds = Number(env.LOCAL_STRIPE_AUTHORIZATION_SECONDS || 0);
if (!Number.isInteger(authorizationSeconds) || authorizationSeconds < 0) {
  console.error(
    `LOCAL_STRIPE_AUTHORIZATION_SECONDS must be a whole number of seconds, got '${env.LOCAL_STRIPE_AUTHORIZATION_SECONDS ?? ''}'`,
  );
  process.exit(1);
}

const stripe = await createLocalStripe({
  port,
  host: env.LOCAL_STRIPE_HOST ?? '127.0.0.1',
  dataFile: env.LOCAL_STRIPE_DATA_FILE ?? '.data/stripe.json',
  webhookUrl,
  webhookSecret,
  ...(env.LOCAL_STRIPE_PUBLIC_URL ? { publicBaseUrl: env.LOCAL_STRIPE_PUBLIC_URL } : {}),
  ...(authorizationSeconds > 0 ? { authorizationValiditySeconds: authorizationSeconds } : {}),
});

console.log(`Local Stripe listening on ${stripe.url}`);
console.log(
  `  stripe-node: new Stripe('sk_test_…', { host: '127.0.0.1', port: ${stripe.port}, protocol: 'http' })`,
);
console.log(`  Stripe.js:   ${stripe.url}/v3/stripe.js`);
console.log(
  webhookUrl ? `  webhooks →   ${webhookUrl}` : '  webhooks:    not sent (set STRIPE_WEBHOOK_URL)',
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stripe.close().then(() => process.exit(0));
  });
}
