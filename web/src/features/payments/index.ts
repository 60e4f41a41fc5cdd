/** What other features use of payments; pages are reached through the router only. */
export { completeManualPayment } from './api/complete-manual-payment';
export { useCreateCheckoutSession } from './api/create-checkout-session';
