import * as z from 'zod';

/** `POST /api/stripe/webhook` answer: Stripe only needs a 2xx to stop retrying. */
export const stripeWebhookResponseSchema = z.object({ received: z.literal(true) });
