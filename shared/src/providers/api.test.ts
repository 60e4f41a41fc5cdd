import { describe, expect, it } from 'vitest';
import { providerPasswordMessages } from './api';
import { providerPasswordFormSchema, providerPasswordRequestSchema } from './password';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the provider password change', () => {
  it('takes a new password of at least 12 characters', () => {
    const request = { currentPassword: 'temporary-one', newPassword: 'river-lamp-4811' };
    expect(providerPasswordRequestSchema.safeParse(request).success).toBe(true);
    expect(
      messagesOf(
        providerPasswordRequestSchema.safeParse({ ...request, newPassword: '12345678901' }),
      ),
    ).toEqual([providerPasswordMessages.newTooShort]);
  });

  // Issue 25 (review L6): long enough is not enough when everyone else chose it too.
  it('refuses a common breached password, whatever its case, on the server and in the form', () => {
    for (const newPassword of ['passwordpassword', 'PasswordPassword', '123456789012']) {
      const request = { currentPassword: 'temporary-one', newPassword };
      expect(messagesOf(providerPasswordRequestSchema.safeParse(request)), newPassword).toEqual([
        providerPasswordMessages.newTooCommon,
      ]);
      const form = { ...request, confirmPassword: newPassword };
      expect(messagesOf(providerPasswordFormSchema.safeParse(form)), newPassword).toEqual([
        providerPasswordMessages.newTooCommon,
      ]);
    }
  });

  it('refuses a blank current password and a new one equal to it', () => {
    expect(
      messagesOf(
        providerPasswordRequestSchema.safeParse({
          currentPassword: '',
          newPassword: 'x'.repeat(12),
        }),
      ),
    ).toEqual([providerPasswordMessages.currentRequired]);
    expect(
      messagesOf(
        providerPasswordRequestSchema.safeParse({
          currentPassword: 'same-password-1',
          newPassword: 'same-password-1',
        }),
      ),
    ).toEqual([providerPasswordMessages.newSameAsCurrent]);
  });

  it('form: the confirmation must match', () => {
    const form = {
      currentPassword: 'temporary-one',
      newPassword: 'a-new-password',
      confirmPassword: 'a-new-passw0rd',
    };
    expect(messagesOf(providerPasswordFormSchema.safeParse(form))).toEqual([
      providerPasswordMessages.confirmMismatch,
    ]);
  });
});
