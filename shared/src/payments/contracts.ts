/** Payment routes (spec doc 1 §7, DESIGN.md §2, §5). */
export { createCheckoutSession } from './contracts/create-checkout-session';
export { manualPaymentComplete } from './contracts/manual-payment-complete';
export { testPaymentComplete } from './contracts/test-payment-complete';
export { stripeWebhook } from './contracts/stripe-webhook';
