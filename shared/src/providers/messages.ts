/**
 * The provider side's sign-in and password messages, in a module without schemas: every
 * handler's role check answers `PASSWORD_CHANGE_REQUIRED`, and importing it from `api.ts` built
 * the sign-in's schemas (and the second factor's) at every function's cold start. `api.ts`
 * re-exports them.
 */
export const PROVIDER_LOGIN_BLANK = 'Please enter both email and password';
export const PROVIDER_LOGIN_FAILED = 'Invalid email or password';
/**
 * The emailed temporary password works for 72 hours (issue 25, review L5); after that the sign-in
 * (401) and the password change (401) say so, and the administrator's new approval sends a new one.
 */
export const TEMPORARY_PASSWORD_EXPIRED =
  'Your temporary password has expired. Please ask the administrator to send you a new one.';

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
