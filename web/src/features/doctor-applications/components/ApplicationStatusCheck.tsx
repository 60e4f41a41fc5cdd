import { Search } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
// The two modules, not the toolkit's index: the landing page's first load stays without the fields.
import { Form } from '@web/components/form/Form';
import { SubmitButton } from '@web/components/form/SubmitButton';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useHydrated } from '@web/hooks/use-hydrated';
import { toast } from '@web/hooks/use-toast';
import { useApplicationStatusLookup } from '../api/application-status-lookup';
import { applicationIdInputProps } from '../lib/application-id-input';

// The answer panel needs the shared id and status helpers, which bring zod: load it with the
// first lookup rather than with the landing page.
const loadResultPanel = () => import('./ApplicationStatusResult');
const ApplicationStatusResult = lazy(async () => ({
  default: (await loadResultPanel()).ApplicationStatusResult,
}));

/** Notices of the landing-page status box (spec doc 1 §5, §7, §8). */
export const STATUS_CHECK_NOTICES = {
  missingId: {
    title: 'Please enter your application ID',
    description: 'Enter the application ID you received when applying',
  },
  notFound: {
    title: 'Application not found',
    description: 'Please check your application ID and try again',
  },
  failed: {
    title: 'Error',
    description: 'Unable to check application status. Please try again.',
  },
} as const;

/** The compact status check of the landing page: an id field, a button and the answer. */
export function ApplicationStatusCheck() {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [applicationId, setApplicationId] = useState('');
  // On the prerendered landing, the button waits for the app: before, Enter or a click would
  // submit the form natively (a reload with the id in the URL).
  const hydrated = useHydrated();

  const lookup = useApplicationStatusLookup({
    onSuccess: (result) => {
      if (result.found) {
        toast({ title: 'Application found', description: `Status: ${result.application.status}` });
      } else {
        toast({ variant: 'destructive', ...STATUS_CHECK_NOTICES.notFound });
      }
    },
    onError: () => toast({ variant: 'destructive', ...STATUS_CHECK_NOTICES.failed }),
  });
  // A new lookup resets the mutation, so a miss or a failure clears the previous answer.
  const application = lookup.data?.found ? lookup.data.application : null;

  function check() {
    const trimmed = applicationId.trim();
    if (!trimmed) {
      toast({ variant: 'destructive', ...STATUS_CHECK_NOTICES.missingId });
      inputRef.current?.focus();
      return;
    }
    void loadResultPanel();
    lookup.mutate(trimmed);
  }

  return (
    <div className="grid gap-4">
      <Form busy={lookup.isPending} onSubmit={check} className="grid gap-2">
        <Label htmlFor={inputId}>Application ID</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={inputRef}
            id={inputId}
            name="applicationId"
            value={applicationId}
            onChange={(event) => setApplicationId(event.target.value)}
            {...applicationIdInputProps}
            aria-describedby={hintId}
          />
          <SubmitButton
            pending={lookup.isPending}
            icon={<Search aria-hidden="true" />}
            pendingText="Checking..."
            disabled={lookup.isPending || !hydrated}
            className="sm:w-36"
          >
            Check Status
          </SubmitButton>
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          The ID is in your application confirmation. You can type it with or without “APP-”.
        </p>
      </Form>
      <div aria-live="polite">
        {application ? (
          <Suspense fallback={null}>
            <ApplicationStatusResult application={application} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
