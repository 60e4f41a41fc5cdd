import type Stripe from 'stripe';
import { stripe } from '#lib/stripe';
import type { TestStack } from './global-setup';
import { CONSULTATION_CURRENCY, CONSULTATION_FEE_CENTS } from '@shared/payments/constants';

/**
 * A Checkout Session for a case made outside the app, through this worker's Stripe client (the
 * stack's stand-in, `useTestStack`): a session the app no longer knows of, or one Stripe holds
 * for a case stored only later. The fee and a video consultation unless the test names others;
 * `captureMethod` is sent only when named.
 */
export async function checkoutSessionOutsideApp(
  stack: Pick<TestStack, 'appUrl'>,
  caseId: string,
  {
    productName = '15-minute video consultation',
    amount = CONSULTATION_FEE_CENTS,
    captureMethod,
  }: {
    productName?: string;
    amount?: number;
    captureMethod?: 'automatic' | 'manual';
  } = {},
): Promise<Stripe.Checkout.Session> {
  return (await stripe()).checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: CONSULTATION_CURRENCY,
          unit_amount: amount,
          product_data: { name: productName },
        },
      },
    ],
    client_reference_id: caseId,
    metadata: { caseId },
    ...(captureMethod ? { payment_intent_data: { capture_method: captureMethod } } : {}),
    ui_mode: 'hosted_page',
    success_url: `${stack.appUrl}/payment-success?case_id=${caseId}`,
    cancel_url: `${stack.appUrl}/payment-cancelled?case_id=${caseId}`,
  });
}
