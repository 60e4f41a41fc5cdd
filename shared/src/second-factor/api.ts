import * as z from 'zod';

/**
 * The second factor of providers and admins (issue 25 item 7, docs/adr/0016-second-factor.md):
 * a sign-in is the password, then a TOTP code (RFC 6238) or a recovery code. The password step
 * answers a pending sign-in (a short-lived, single-use token), never a session; an account
 * without a factor enrols in that step.
 */

/** Digits of a TOTP code, and its period in seconds (what every authenticator app uses). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes shown once at enrolment; each signs in once. */
export const RECOVERY_CODE_COUNT = 10;

export const SECOND_FACTOR_MESSAGES = {
  /** The code field is blank or cannot be a code. */
  codeRequired: 'Please enter the 6-digit code from your authenticator app',
  /** A wrong, replayed or used code (401). */
  codeWrong: 'That code is not valid. Please check your authenticator app and try again.',
  /** The pending sign-in is unknown, used, expired or tried too often (401). */
  signInExpired: 'Your sign-in has expired. Please enter your password again.',
} as const;

/** What the password step answers: the next step, and the token that carries the sign-in on. */
export const secondFactorChallengeSchema = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('code'),
    /** Proves the password step to the code step; valid a few minutes, for one session. */
    pendingSignIn: z.string(),
  }),
  z.object({
    step: z.literal('enrol'),
    pendingSignIn: z.string(),
    enrolment: z.object({
      /** The new TOTP secret in base32, for typing into an authenticator by hand. */
      secret: z.string(),
      /** The `otpauth://totp/...` URI the QR code holds. */
      otpauthUri: z.string(),
      /** The QR code of `otpauthUri` as an SVG data URL, drawn by the server. */
      qrCode: z.string(),
    }),
  }),
]);
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** A TOTP code (6 digits) or a recovery code (letters, digits, an optional dash). */
export const secondFactorCodeSchema = z
  .string({ error: SECOND_FACTOR_MESSAGES.codeRequired })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(TOTP_DIGITS, { error: SECOND_FACTOR_MESSAGES.codeRequired })
      .max(32, { error: SECOND_FACTOR_MESSAGES.codeWrong }),
  );

/** The code step of both sign-ins. */
export const secondFactorRequestSchema = z.object({
  pendingSignIn: z
    .string({ error: SECOND_FACTOR_MESSAGES.signInExpired })
    .min(1, { error: SECOND_FACTOR_MESSAGES.signInExpired })
    .max(100, { error: SECOND_FACTOR_MESSAGES.signInExpired }),
  code: secondFactorCodeSchema,
});
export type SecondFactorRequest = z.input<typeof secondFactorRequestSchema>;

/** The code form (web): the code only; the pending sign-in is held by the page. */
export const secondFactorFormSchema = z.object({ code: secondFactorCodeSchema });

/**
 * Added to the session answer of the code step that completed an enrolment: the recovery codes,
 * in clear this once (only their hashes are stored).
 */
export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).optional(),
});
