import { LogIn, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { adminLoginFormSchema, type AdminSession } from '@shared/admin/api';
import { SECOND_FACTOR_MESSAGES, type SecondFactorChallenge } from '@shared/second-factor/api';
import { explainBlockedEnter } from '@web/components/form/blocked-enter';
import { Form } from '@web/components/form/Form';
import { inputPresets } from '@web/components/form/presets';
import { FormError } from '@web/components/form/FormError';
import { SignInPasswordField } from '@web/components/form/SignInPasswordField';
import { SubmitButton } from '@web/components/form/SubmitButton';
import { TextField } from '@web/components/form/fields';
import { useForm } from '@web/components/form/use-form';
import { SignInCard } from '@web/components/SignInCard';
import { TwoStepSignInCard } from '@web/components/second-factor/TwoStepSignInCard';
import { toast } from '@web/hooks/use-toast';
import { useAdminLogin, useAdminLoginCode, type AdminCredentials } from '../api/login';
import { saveAdminSession } from '../api/session';
import { adminToasts } from '../lib/labels';

/**
 * Admin sign-in (spec doc 2 §2, §5): Sign In is disabled while either field is blank after
 * trimming or a request runs; Enter submits, and Enter with a blank field says what is missing
 * ('Please enter both username and password') without sending anything. A right password leads
 * to the second factor (issue 25): the code, or the enrolment of a first sign-in and its
 * recovery codes, shown once before the panel opens.
 */
export function AdminLoginForm() {
  const [challenge, setChallenge] = useState<SecondFactorChallenge>();
  const [enrolled, setEnrolled] = useState<{ session: AdminSession; codes: string[] }>();
  const code = useAdminLoginCode({
    onSuccess: ({ recoveryCodes, ...session }) => {
      if (recoveryCodes?.length) setEnrolled({ session, codes: recoveryCodes });
      else saveAdminSession(session);
    },
    onError: (error) => {
      // An expired sign-in starts again at the password; the message says why.
      if (error.message === SECOND_FACTOR_MESSAGES.signInExpired) {
        setChallenge(undefined);
        toast({ variant: 'destructive', ...adminToasts.loginFailed, description: error.message });
      }
    },
  });
  const form = useForm<AdminCredentials, keyof AdminCredentials>({
    initial: () => ({ username: '', password: '' }),
    order: ['username', 'password'],
    idOf: (field) => `admin-${field}`,
  });
  // Set by a submit that got through while a field was blank (Enter); shown while one still is.
  const [formError, setFormError] = useState<string>();
  const errorId = useId();
  const login = useAdminLogin({
    onSuccess: (next) => {
      code.reset();
      setChallenge(next);
    },
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

  if (challenge) {
    return (
      <TwoStepSignInCard
        heading="Admin Panel"
        icon={ShieldCheck}
        challenge={challenge}
        code={code}
        recovery={
          enrolled && { codes: enrolled.codes, onDone: () => saveAdminSession(enrolled.session) }
        }
        onCancel={() => setChallenge(undefined)}
      />
    );
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
        <SignInPasswordField {...form.textField('password')} />
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
