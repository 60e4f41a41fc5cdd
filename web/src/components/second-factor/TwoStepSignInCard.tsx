import type { LucideIcon } from 'lucide-react';
import type { SecondFactorChallenge, SecondFactorRequest } from '@shared/second-factor/api';
import { SignInCard } from '@web/components/SignInCard';
import { RecoveryCodesStep } from './RecoveryCodesStep';
import { SecondFactorStep } from './SecondFactorStep';

/**
 * The second step of a staff sign-in (issue 25) in the panel's sign-in card, for the admin and
 * provider forms alike: the code for the pending sign-in, then, when that code enrolled a first
 * sign-in, its recovery codes, shown once before the panel opens.
 */
export function TwoStepSignInCard({
  heading,
  icon,
  challenge,
  code,
  describeError = (error) => error.message,
  recovery,
  onCancel,
}: {
  /** The panel's name, as on its password card. */
  heading: string;
  icon: LucideIcon;
  challenge: SecondFactorChallenge;
  /** This sign-in's code request (the form's mutation): running, refused, and how to send one. */
  code: { isPending: boolean; error: Error | null; mutate: (request: SecondFactorRequest) => void };
  /** A refusal in the page's words; by default the server's message. */
  describeError?: (error: Error) => string;
  /** Set once an enrolling code is taken: the codes to show and what opens the panel after. */
  recovery?: { codes: string[]; onDone: () => void };
  onCancel: () => void;
}) {
  return (
    <SignInCard heading={heading} icon={icon} title="Two-Step Sign-In">
      {recovery ? (
        <RecoveryCodesStep codes={recovery.codes} onDone={recovery.onDone} />
      ) : (
        <SecondFactorStep
          challenge={challenge}
          pending={code.isPending}
          error={code.error ? describeError(code.error) : undefined}
          onSubmit={(entered) =>
            code.mutate({ pendingSignIn: challenge.pendingSignIn, code: entered })
          }
          onCancel={onCancel}
        />
      )}
    </SignInCard>
  );
}
