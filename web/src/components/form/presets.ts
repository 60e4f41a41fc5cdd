/**
 * Input settings shared by every field of a kind: the keyboard a phone shows, what autofill
 * offers, and the longest value the shared schemas accept. Spread into a `TextField`.
 */
export const inputPresets = {
  email: { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 40 },
  /** A person's full name. */
  fullName: { autoComplete: 'name', maxLength: 200 },
  /** A sign-in name (username, or the email of a sign-in): typed as it is, no corrections. */
  username: { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false },
  /** The password a person signs in with (or the one they are replacing). */
  currentPassword: { type: 'password', autoComplete: 'current-password', maxLength: 200 },
  /** A password being chosen: password managers offer to generate and save it. */
  newPassword: { type: 'password', autoComplete: 'new-password', maxLength: 200 },
  /** The code of an authenticator app: phones offer digits, and autofill the code it sent. */
  oneTimeCode: {
    autoComplete: 'one-time-code',
    inputMode: 'numeric',
    autoCapitalize: 'none',
    spellCheck: false,
    maxLength: 32,
  },
  /** A recovery code of the second factor: letters and digits, typed as they are. */
  recoveryCode: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, maxLength: 32 },
  /** A whole year or number of years. */
  year: { type: 'number', inputMode: 'numeric', step: 1 },
} as const;
