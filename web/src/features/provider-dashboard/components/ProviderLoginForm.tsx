import { useQueryClient } from '@tanstack/react-query';
import { LogIn, Stethoscope } from 'lucide-react';
import { useState } from 'react';
import { providerLoginRequestSchema, type ProviderSession } from '@shared/providers/api';
import { SECOND_FACTOR_MESSAGES, type SecondFactorChallenge } from '@shared/second-factor/api';
import { explainBlockedEnter } from '@web/components/form/blocked-enter';
import { Form } from '@web/components/form/Form';
import { SignInCard } from '@web/components/SignInCard';
import { TwoStepSignInCard } from '@web/components/second-factor/TwoStepSignInCard';
import { SignInPasswordField } from '@web/components/form/SignInPasswordField';
import { SubmitButton } from '@web/components/form/SubmitButton';
import { TextField } from '@web/components/form/fields';
import { inputPresets } from '@web/components/form/presets';
import { useForm } from '@web/components/form/use-form';
import { toast } from '@web/hooks/use-toast';
import {
  codeFailureMessage,
  loginFailureMessage,
  useProviderLogin,
  useProviderLoginCode,
  type ProviderCredentials,
} from '../api/auth';
import { providerKeys } from '../api/keys';
import { saveProviderSession } from '../api/session';
import { providerToasts } from '../lib/labels';

const FIELDS = ['email', 'password'] as const;

/**
 * Provider sign-in (spec doc 2 §2, §5, §8): Sign In is disabled while a field is blank after
 * trimming, so Enter sends no submit: the form's key listener shows 'Login Required' then, as the
 * admin form does (issue 27), and so does a submit that gets through anyway. A right password
 * leads to the second factor (issue 25): the code, or the enrolment of a first sign-in and its
 * recovery codes, shown once before the dashboard opens.
 */
export function ProviderLoginForm() {
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<SecondFactorChallenge>();
  const [enrolled, setEnrolled] = useState<{ session: ProviderSession; codes: string[] }>();

  function open(session: ProviderSession) {
    // The answer is what `me` would say: the page needs no second call.
    queryClient.setQueryData(providerKeys.me(), session);
    saveProviderSession(session);
  }

  const code = useProviderLoginCode({
    onSuccess: ({ recoveryCodes, ...session }) => {
      if (recoveryCodes?.length) setEnrolled({ session, codes: recoveryCodes });
      else open(session);
    },
    onError: (error) => {
      // An expired sign-in starts again at the password; the message says why.
      if (codeFailureMessage(error) === SECOND_FACTOR_MESSAGES.signInExpired) {
        setChallenge(undefined);
        toast({
          variant: 'destructive',
          ...providerToasts.loginFailed,
          description: SECOND_FACTOR_MESSAGES.signInExpired,
        });
      }
    },
  });
  const form = useForm<ProviderCredentials, keyof ProviderCredentials>({
    initial: () => ({ email: '', password: '' }),
    order: FIELDS,
    idOf: (field) => `provider-${field}`,
  });
  const login = useProviderLogin({
    onSuccess: (next) => {
      code.reset();
      setChallenge(next);
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        ...providerToasts.loginFailed,
        description: loginFailureMessage(error),
      });
    },
  });

  const blank = FIELDS.some((field) => form.values[field].trim() === '');

  function explainBlank() {
    toast({ variant: 'destructive', ...providerToasts.loginRequired });
  }

  function submit() {
    const checked = providerLoginRequestSchema.safeParse(form.values);
    if (blank || !checked.success) {
      explainBlank();
      return;
    }
    login.mutate(checked.data);
  }

  if (challenge) {
    return (
      <TwoStepSignInCard
        heading="Provider Dashboard"
        icon={Stethoscope}
        challenge={challenge}
        code={code}
        describeError={codeFailureMessage}
        recovery={enrolled && { codes: enrolled.codes, onDone: () => open(enrolled.session) }}
        onCancel={() => setChallenge(undefined)}
      />
    );
  }
  return (
    <SignInCard
      heading="Provider Dashboard"
      icon={Stethoscope}
      title="Sign In"
      description="Use the email and password from your approval email."
    >
      <Form
        busy={login.isPending}
        onSubmit={submit}
        // The browser sends no submit while Sign In is disabled, so Enter explains itself here.
        onKeyDown={explainBlockedEnter(explainBlank)}
        className="flex flex-col gap-4"
      >
        <TextField
          {...form.textField('email')}
          {...inputPresets.email}
          {...inputPresets.username}
          label="Email"
          name="email"
          required
        />
        <SignInPasswordField {...form.textField('password')} />
        <SubmitButton
          pending={login.isPending}
          icon={<LogIn aria-hidden="true" />}
          disabled={blank || login.isPending}
          className="w-full"
        >
          Sign In
        </SubmitButton>
      </Form>
    </SignInCard>
  );
}
