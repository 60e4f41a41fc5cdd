import { LoaderCircle, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/hooks/use-toast';
import { useResetSecondFactor } from '../api/reset-second-factor';

/**
 * For an approved doctor who lost their authenticator app and recovery codes (issue 25): the
 * admin resets the two-step sign-in; the doctor is signed out everywhere and sets it up again at
 * the next sign-in. The reset is written to the audit log.
 */
export function ResetSecondFactor({ id }: { id: string }) {
  const headingId = useId();
  const reset = useResetSecondFactor({
    onSuccess: () =>
      toast({
        title: 'Two-Step Sign-In Reset',
        description:
          'The doctor was signed out and sets up a new authenticator at the next sign-in.',
      }),
    onError: (message) =>
      toast({ variant: 'destructive', title: 'Reset Failed', description: message }),
  });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Two-Step Sign-In
      </h3>
      <p className="text-sm text-muted-foreground">
        If the doctor lost their authenticator app and recovery codes, reset it: they are signed out
        and set up a new one at their next sign-in.
      </p>
      <Button
        variant="outline"
        className="self-start"
        disabled={reset.isPending}
        onClick={() => reset.mutate(id)}
      >
        {reset.isPending ? (
          <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
        ) : (
          <RotateCcw aria-hidden="true" />
        )}
        Reset Two-Step Sign-In
      </Button>
    </section>
  );
}
