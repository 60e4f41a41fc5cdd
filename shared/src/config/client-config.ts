import * as z from 'zod';
import { REGION_SETTINGS } from '../triage/regions';

/** `GET /api/config`: the browser's runtime settings (publishable key, Stripe.js, support). */
export const clientConfigSchema = z.object({
  stripePublishableKey: z.string().min(1),
  stripeJsUrl: z.string().min(1),
  supportEmail: z.string().min(1),
  /**
   * The triage analyser's region (`TRIAGE_REGION`): the browser's analysis applies the same
   * regional rule as the server's case priority, and the admin panel shows it.
   */
  triageRegion: z.enum(REGION_SETTINGS),
  /**
   * `WAIT_PROMISE_MINUTES`: the wait promise the landing, payment and waiting pages state
   * (issue 28 item 3). A decimal only on test stacks.
   */
  waitPromiseMinutes: z.number().positive(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
