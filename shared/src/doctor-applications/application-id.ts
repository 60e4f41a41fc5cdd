import * as z from 'zod';

/**
 * Application ids are shown to doctors as `APP-{applicationId}` (the landing page hints
 * `APP-XXXX-XXXX`). People paste them back with or without the prefix, in any case and with
 * stray spaces, so every entry point normalises through this one function.
 */
export const APPLICATION_ID_PREFIX = 'APP-';

/** Longest id we ever look up; anything longer is a typo or an attack, never a real id. */
export const APPLICATION_ID_MAX_LENGTH = 32;

const APPLICATION_ID_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?$/;

export const APPLICATION_ID_MESSAGES = {
  required: 'Please enter your application ID',
  invalid: 'Please enter a valid application ID',
} as const;

export function normalizeApplicationId(raw: string): string {
  const trimmed = raw.trim();
  const withoutPrefix = trimmed.toUpperCase().startsWith(APPLICATION_ID_PREFIX)
    ? trimmed.slice(APPLICATION_ID_PREFIX.length)
    : trimmed;
  return withoutPrefix.trim().toUpperCase();
}

export function formatApplicationId(applicationId: string): string {
  return `${APPLICATION_ID_PREFIX}${applicationId}`;
}

/** Accepts `APP-123`, `app-123 `, `123`; yields the stored form (`123`). */
export const applicationIdSchema = z
  .string({ error: APPLICATION_ID_MESSAGES.required })
  .transform(normalizeApplicationId)
  .pipe(
    z
      .string()
      .min(1, { error: APPLICATION_ID_MESSAGES.required })
      .max(APPLICATION_ID_MAX_LENGTH, { error: APPLICATION_ID_MESSAGES.invalid })
      .regex(APPLICATION_ID_PATTERN, { error: APPLICATION_ID_MESSAGES.invalid }),
  );

/** Path parameters of every route addressed by `{applicationId}`. */
export const applicationParamsSchema = z.object({ applicationId: applicationIdSchema });
