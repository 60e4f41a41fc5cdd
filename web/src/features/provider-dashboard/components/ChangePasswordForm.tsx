import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Stethoscope } from 'lucide-react';
import {
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORD_CHANGE_REQUIRED,
  providerPasswordMessages,
  type ProviderSession,
} from '@shared/providers/api';
import { providerPasswordFormSchema } from '@shared/providers/password';
import { serverFieldErrorsOf } from '@web/components/form/field-errors';
import { Form } from '@web/components/form/Form';
import { inputPresets } from '@web/components/form/presets';
import { SignInCard } from '@web/components/SignInCard';
import { SubmitButton } from '@web/components/form/SubmitButton';
import { TextField } from '@web/components/form/fields';
import { useForm } from '@web/components/form/use-form';
import { validateWith } from '@web/components/form/validate';
import { FormError } from '@web/components/form/FormError';
import { ApiError, envelopeOf } from '@web/lib/api';
import { useChangePassword } from '../api/change-password';
import { providerKeys } from '../api/keys';
import { saveProviderSession } from '../api/session';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type PasswordField = (typeof FIELDS)[number];
type PasswordValues = Record<PasswordField, string>;

/**
 * The first sign-in's forced change (issue 8): the doctor replaces the emailed temporary password
 * with one of at least 12 characters before any patient data is shown. The server's answer
 * carries a fresh session; the temporary password stops working.
 */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const form = useForm<PasswordValues, PasswordField>({
    initial: () => ({ currentPassword: '', newPassword: '', confirmPassword: '' }),
    order: FIELDS,
    idOf: (field) => `provider-${field}`,
  });
  const change = useChangePassword({
    onSuccess: (session: ProviderSession) => {
      queryClient.setQueryData(providerKeys.me(), session);
      saveProviderSession(session);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      if (error.status === 422) {
        form.showErrors({ currentPassword: providerPasswordMessages.currentWrong });
        return;
      }
      const issues = envelopeOf(error)?.issues;
      if (issues) form.showErrors(serverFieldErrorsOf(issues, FIELDS));
    },
  });

  function submit() {
    const checked = validateWith(providerPasswordFormSchema, form.values, FIELDS);
    if (!checked.ok) return void form.showErrors(checked.errors);
    const { currentPassword, newPassword } = checked.data;
    change.mutate({ currentPassword, newPassword });
  }

  // Anything but a wrong or invalid field (a 503, no network) is said under the form.
  const failed =
    change.isError &&
    !(
      change.error instanceof ApiError &&
      (change.error.status === 422 || change.error.status === 400)
    );

  return (
    <SignInCard
      heading="Provider Dashboard"
      icon={Stethoscope}
      title="Choose your own password"
      description={PASSWORD_CHANGE_REQUIRED}
    >
      <Form busy={change.isPending} onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          {...form.textField('currentPassword')}
          {...inputPresets.currentPassword}
          label="Temporary password (from your email)"
          required
        />
        <TextField
          {...form.textField('newPassword')}
          {...inputPresets.newPassword}
          label="New password"
          hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters.`}
          required
        />
        <TextField
          {...form.textField('confirmPassword')}
          {...inputPresets.newPassword}
          label="Confirm new password"
          required
        />
        <FormError
          id="provider-password-error"
          message={failed ? 'Your password could not be changed. Please try again.' : undefined}
        />
        <SubmitButton
          pending={change.isPending}
          icon={<KeyRound aria-hidden="true" />}
          className="w-full"
        >
          Save password
        </SubmitButton>
      </Form>
    </SignInCard>
  );
}
