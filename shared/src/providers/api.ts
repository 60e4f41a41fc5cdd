import * as z from 'zod';
import { recoveryCodesSchema, secondFactorChallengeSchema } from '../second-factor/api';

export const PROVIDER_LOGIN_BLANK = 'Please enter both email and password';
export const PROVIDER_LOGIN_FAILED = 'Invalid email or password';
/**
 * The emailed temporary password works for 72 hours (issue 25, review L5); after that the sign-in
 * (401) and the password change (401) say so, and the administrator's new approval sends a new one.
 */
export const TEMPORARY_PASSWORD_EXPIRED =
  'Your temporary password has expired. Please ask the administrator to send you a new one.';

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

export const PASSWORD_CHANGE_REQUIRED = 'Please choose your own password before continuing';
export const NEW_PASSWORD_MIN_LENGTH = 12;
export const providerPasswordMessages = {
  currentRequired: 'Please enter your current password',
  newTooShort: `Your new password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`,
  newTooLong: 'Your new password must be at most 200 characters',
  newSameAsCurrent: 'Your new password must be different from your current password',
  /** On the list of common breached passwords (`common-passwords.ts`), whatever its case. */
  newTooCommon:
    'This password is one of the most common passwords, so it is easy to guess. Please choose another',
  /** The server's answer (422) when the current password is wrong. */
  currentWrong: 'Your current password is incorrect',
  /** The form's confirmation field (web only). */
  confirmMismatch: 'The passwords do not match',
} as const;
