import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header exactly as Stripe builds it: `t={unix seconds},v1={hex}`, where
 * the hex is HMAC-SHA256 of `"{t}.{raw body}"` keyed with the whole endpoint secret (`whsec_…`
 * as a UTF-8 string, not decoded). `stripe.webhooks.constructEvent` verifies it.
 */
export function signStripePayload(
  payload: string,
  secret: string,
  timestampSeconds: number,
): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestampSeconds}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}
