import * as z from 'zod';

/** `GET /api/config`: the browser's runtime settings (publishable key, Stripe.js, support). */
export const clientConfigSchema = z.object({
  stripePublishableKey: z.string().min(1),
  stripeJsUrl: z.string().min(1),
  supportEmail: z.string().min(1),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
