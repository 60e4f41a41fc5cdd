import * as z from 'zod';
import { recoveryCodesSchema, secondFactorChallengeSchema } from '../second-factor/api';
import { PROVIDER_LOGIN_BLANK } from './messages';

export {
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORD_CHANGE_REQUIRED,
  PROVIDER_LOGIN_BLANK,
  PROVIDER_LOGIN_FAILED,
  providerPasswordMessages,
  TEMPORARY_PASSWORD_EXPIRED,
} from './messages';

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
/**
 * The signed-in provider as the dashboard shows it: display data only (the session itself is the
 * HttpOnly cookie). `mustChangePassword` is true while the emailed temporary password is in use:
 * every provider route except me, password and logout then answers 403
 * (`PASSWORD_CHANGE_REQUIRED`) and no patient data is shown.
 */
export const providerSessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  mustChangePassword: z.boolean(),
});
export type ProviderSession = z.infer<typeof providerSessionSchema>;

/**
 * `POST /api/provider/login` checks the password and answers the second factor's challenge
 * (issue 25); the code step, `POST /api/provider/login/code`, answers the provider (spec doc 2
 * §7), with the recovery codes of an enrolment, and sets the session cookie.
 */
export const providerLoginResponseSchema = secondFactorChallengeSchema;
export const providerLoginCodeResponseSchema = providerSessionSchema.extend(
  recoveryCodesSchema.shape,
);
export type ProviderLoginResponse = z.infer<typeof providerLoginCodeResponseSchema>;
