import * as z from 'zod';

/**
 * Every error the API answers has this shape. `error` repeats `message` on the routes whose
 * clients read `error` (spec doc 1 §7: create-checkout-session); `success: false` is present on
 * routes whose success answer carries `success: true`.
 */
export const errorEnvelopeSchema = z.object({
  message: z.string(),
  error: z.string().optional(),
  success: z.literal(false).optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
