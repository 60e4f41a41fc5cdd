import * as z from 'zod';
import { caseIdSchema } from './case-id';

/** `POST /api/create-checkout-session`. `mode` picks embedded (default) or hosted checkout. */
export const createCheckoutSessionRequestSchema = z.object({
  caseId: caseIdSchema,
  mode: z.enum(['embedded', 'hosted']).default('embedded'),
});
export const createCheckoutSessionResponseSchema = z.object({
  sessionId: z.string(),
  clientSecret: z.string().nullable(),
  url: z.string().nullable(),
});
export type CreateCheckoutSessionResponse = z.infer<typeof createCheckoutSessionResponseSchema>;

/** `POST /api/manual-payment-complete`: the spec logs the answer; `next` is where to go. */
export const manualPaymentCompleteRequestSchema = z.object({ caseId: caseIdSchema });
export const paymentSyncResponseSchema = z.object({
  success: z.boolean(),
  paid: z.boolean(),
  message: z.string(),
  caseId: z.uuid(),
  next: z.string(),
});
export type PaymentSyncResponse = z.infer<typeof paymentSyncResponseSchema>;
