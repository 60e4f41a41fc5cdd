import { LogIn, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { adminLoginFormSchema } from '@shared/admin/api';
import { explainBlockedEnter } from '@web/components/form/blocked-enter';
import { Form } from '@web/components/form/Form';
import { inputPresets } from '@web/components/form/presets';
import { FormError } from '@web/components/form/FormError';
import { SubmitButton } from '@web/components/form/SubmitButton';
import { TextField } from '@web/components/form/fields';
import { useForm } from '@web/components/form/use-form';
import { SignInCard } from '@web/components/SignInCard';
import { toast } from '@web/hooks/use-toast';
import { useAdminLogin, type AdminCredentials } from '../api/login';
import { saveAdminSession } from '../api/session';
import { adminToasts } from '../lib/labels';

/**
 * Admin sign-in (spec doc 2 §2, §5): Sign In is disabled while either field is blank after
 * trimming or a request runs; Enter submits, and Enter with a blank field says what is missing
 * ('Please enter both username and password') without sending anything.
 */
export function AdminLoginForm() {
  const form = useForm<AdminCredentials, keyof AdminCredentials>({
    initial: () => ({ username: '', password: '' }),
    order: ['username', 'password'],
    idOf: (field) => `admin-${field}`,
  });
  // Set by a submit that got through while a field was blank (Enter); shown while one still is.
  const [formError, setFormError] = useState<string>();
  const errorId = useId();
  const login = useAdminLogin({
    onSuccess: saveAdminSession,
    onError: (error) => {
      toast({ variant: 'destructive', ...adminToasts.loginFailed, description: error.message });
    },
  });

  const checked = adminLoginFormSchema.safeParse(form.values);

  // The browser sends no submit while Sign In is disabled, so Enter explains itself here.
  function explainBlank() {
    if (!checked.success) setFormError(checked.error.issues[0]?.message);
  }

  function submit() {
    if (!checked.success) {
      explainBlank();
      return;
    }
    setFormError(undefined);
    login.mutate(form.values);
  }

  return (
    <SignInCard heading="Admin Panel" icon={ShieldCheck} title="Sign In">
      <Form
        busy={login.isPending}
        onSubmit={submit}
        onKeyDown={explainBlockedEnter(explainBlank)}
        className="flex flex-col gap-4"
        aria-describedby={formError ? errorId : undefined}
      >
        <TextField
          {...form.textField('username')}
          {...inputPresets.username}
          label="Username"
          name="username"
          maxLength={100}
          required
        />
        <TextField
          {...form.textField('password')}
          {...inputPresets.currentPassword}
          label="Password"
          name="password"
          required
        />
        <FormError id={errorId} message={checked.success ? undefined : formError} />
        <SubmitButton
          pending={login.isPending}
          icon={<LogIn aria-hidden="true" />}
          disabled={!checked.success || login.isPending}
          className="w-full"
        >
          Sign In
        </SubmitButton>
      </Form>
    </SignInCard>
  );
}
