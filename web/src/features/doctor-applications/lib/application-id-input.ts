/**
 * The application id box of the status page and of the landing page's status check: an id is
 * typed as printed (`APP-K7QF-29XM`), so no autofill, spelling or lower-case on phones.
 */
export const applicationIdInputProps = {
  placeholder: 'APP-XXXX-XXXX',
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
  className: 'font-mono sm:flex-1',
} as const;
