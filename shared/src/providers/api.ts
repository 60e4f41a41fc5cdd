import * as z from 'zod';

export const PROVIDER_LOGIN_BLANK = 'Please enter both email and password';
export const PROVIDER_LOGIN_FAILED = 'Invalid email or password';

/** `POST /api/provider/login` (spec doc 2 §7): returns the provider's id and name. */
export const providerLoginRequestSchema = z.object({
  email: z
    .string({ error: PROVIDER_LOGIN_BLANK })
    .trim()
    .toLowerCase()
    .min(1, { error: PROVIDER_LOGIN_BLANK })
    .max(254),
  password: z
    .string({ error: PROVIDER_LOGIN_BLANK })
    .min(1, { error: PROVIDER_LOGIN_BLANK })
    .max(200),
});
export const providerLoginResponseSchema = z.object({ id: z.string(), name: z.string() });
export type ProviderLoginResponse = z.infer<typeof providerLoginResponseSchema>;
