import * as z from 'zod';
import { providerPasswordMessages, NEW_PASSWORD_MIN_LENGTH } from './api';
import { isCommonPassword } from './common-passwords';

/*
 * The password change's schemas, apart from `api.ts`: they carry the common-password list (about
 * 3 KB gzip), which only the change's route and form need. Every provider contract imports
 * `api.ts`, so the list sat in the signed-in dashboard's first load (issue 29 item 6).
 */

const passwordFields = {
  currentPassword: z
    .string({ error: providerPasswordMessages.currentRequired })
    .min(1, { error: providerPasswordMessages.currentRequired })
    .max(200),
  newPassword: z
    .string({ error: providerPasswordMessages.newTooShort })
    .min(NEW_PASSWORD_MIN_LENGTH, { error: providerPasswordMessages.newTooShort })
    .max(200, { error: providerPasswordMessages.newTooLong })
    .refine((password) => !isCommonPassword(password), {
      error: providerPasswordMessages.newTooCommon,
    }),
};
const newDiffersFromCurrent = {
  check: (body: { currentPassword: string; newPassword: string }) =>
    body.newPassword !== body.currentPassword,
  params: { error: providerPasswordMessages.newSameAsCurrent, path: ['newPassword'] },
};

/**
 * `POST /api/provider/password`: the provider replaces the temporary (or current) password. The
 * answer is the provider with `mustChangePassword: false` and a fresh session cookie; every other
 * session of the provider ends, and the old password stops working.
 */
export const providerPasswordRequestSchema = z
  .object(passwordFields)
  .refine(newDiffersFromCurrent.check, newDiffersFromCurrent.params);
export type ProviderPasswordRequest = z.infer<typeof providerPasswordRequestSchema>;

/** The password form: the request plus a confirmation that must match the new password. */
export const providerPasswordFormSchema = z
  .object({ ...passwordFields, confirmPassword: z.string() })
  .refine(newDiffersFromCurrent.check, newDiffersFromCurrent.params)
  .refine((form) => form.confirmPassword === form.newPassword, {
    error: providerPasswordMessages.confirmMismatch,
    path: ['confirmPassword'],
  });
