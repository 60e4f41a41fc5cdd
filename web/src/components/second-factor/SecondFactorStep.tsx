import { KeyRound, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import {
  SECOND_FACTOR_MESSAGES,
  secondFactorFormSchema,
  type SecondFactorChallenge,
} from '@shared/second-factor/api';
import { Form } from '@web/components/form/Form';
import { FormError } from '@web/components/form/FormError';
import { SubmitButton } from '@web/components/form/SubmitButton';
import { TextField } from '@web/components/form/fields';
import { inputPresets } from '@web/components/form/presets';
import { useForm } from '@web/components/form/use-form';
import { Button } from '@web/components/ui/button';

interface CodeForm {
  code: string;
}

/**
 * The second step of a provider's or admin's sign-in (issue 25): the code from the
 * authenticator app, or a recovery code. For an account without a factor it first shows how to
 * add one: the QR code (drawn by the server) and the same key as text for typing by hand.
 */
export function SecondFactorStep({
  challenge,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  challenge: SecondFactorChallenge;
  pending: boolean;
  /** The server's refusal of the last code. */
  error?: string;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const enrolling = challenge.step === 'enrol';
  const [recovery, setRecovery] = useState(false);
  const [formError, setFormError] = useState<string>();
  const errorId = useId();
  const form = useForm<CodeForm, keyof CodeForm>({
    initial: () => ({ code: '' }),
    order: ['code'],
    idOf: () => 'second-factor-code',
  });

  function submit() {
    const checked = secondFactorFormSchema.safeParse(form.values);
    if (!checked.success) {
      setFormError(SECOND_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setFormError(undefined);
    onSubmit(checked.data.code);
  }

  const shownError = formError ?? error;
  return (
    <div className="flex flex-col gap-4">
      {challenge.step === 'enrol' ? (
        <section aria-labelledby="second-factor-setup" className="flex flex-col gap-3 text-sm">
          <h3 id="second-factor-setup" className="font-semibold">
            Set up two-step sign-in
          </h3>
          <p>
            Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft
            Authenticator or 1Password), then enter the 6-digit code it shows.
          </p>
          <img
            src={challenge.enrolment.qrCode}
            alt="QR code to add this account to your authenticator app"
            width={200}
            height={200}
            className="mx-auto rounded-md bg-white p-2"
          />
          <p>Can&apos;t scan it? Enter this key in the app instead:</p>
          <code
            aria-label="Setup key"
            className="break-all rounded-md bg-muted px-3 py-2 font-mono text-base tracking-wider"
          >
            {challenge.enrolment.secret}
          </code>
        </section>
      ) : (
        <p className="text-sm text-muted-foreground">
          {recovery
            ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      )}
      <Form
        busy={pending}
        onSubmit={submit}
        className="flex flex-col gap-4"
        aria-describedby={shownError ? errorId : undefined}
      >
        <TextField
          {...form.textField('code')}
          {...(recovery ? inputPresets.recoveryCode : inputPresets.oneTimeCode)}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          name="code"
          required
        />
        <FormError id={errorId} message={shownError} />
        <SubmitButton
          pending={pending}
          icon={<ShieldCheck aria-hidden="true" />}
          disabled={pending || form.values.code.trim() === ''}
          className="w-full"
        >
          {enrolling ? 'Confirm and Sign In' : 'Verify'}
        </SubmitButton>
      </Form>
      <div className="flex flex-wrap justify-between gap-2">
        {enrolling ? null : (
          <Button
            type="button"
            variant="link"
            onClick={() => {
              setRecovery(!recovery);
              form.change('code', '');
              setFormError(undefined);
            }}
          >
            <KeyRound aria-hidden="true" />
            {recovery ? 'Use my authenticator app' : 'Use a recovery code'}
          </Button>
        )}
        <Button type="button" variant="link" onClick={onCancel}>
          Back to sign in
        </Button>
      </div>
    </div>
  );
}
