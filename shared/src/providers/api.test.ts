import { describe, expect, it } from 'vitest';
import {
  providerPasswordFormSchema,
  providerPasswordMessages,
  providerPasswordRequestSchema,
} from './api';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the provider password change', () => {
  it('takes a new password of at least 12 characters', () => {
    const request = { currentPassword: 'temporary-one', newPassword: '123456789012' };
    expect(providerPasswordRequestSchema.safeParse(request).success).toBe(true);
    expect(
      messagesOf(
        providerPasswordRequestSchema.safeParse({ ...request, newPassword: '12345678901' }),
      ),
    ).toEqual([providerPasswordMessages.newTooShort]);
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
