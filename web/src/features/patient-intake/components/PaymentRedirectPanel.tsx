import { ArrowLeft, ArrowRight, CircleAlert, LoaderCircle, RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONSULTATION_FEE_LABEL, MEETING_DURATION_MINUTES } from '@shared/payments/constants';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { UploadProgressList } from '@web/components/uploads/UploadProgressList';
import type { CaseUploads } from '@web/lib/uploads/use-case-uploads';
import { useCreateCheckoutSession } from '@web/features/payments';
import { ApiError, envelopeOf } from '@web/lib/api';
import { CARE_TYPE_OPTIONS, redirectPanelMessages as text } from '../lib/messages';
import { navigateAway } from '../lib/navigate-away';
import type { IntakeOutcome } from '../lib/outcome';
import { AutoRedirect } from './AutoRedirect';
import { paths } from '@web/lib/paths';

/** The server's `error` or `message`, the text of a non-JSON answer, or the network failure. */
function serverWordsOf(error: unknown): string {
  if (error instanceof TypeError) return error.message;
  if (!(error instanceof ApiError)) return '';
  const envelope = envelopeOf(error);
  return envelope ? (envelope.error ?? envelope.message ?? '') : error.text.trim();
}

/** 'Failed to create payment session: {message}': the server's `error` or `message`. */
export function checkoutErrorText(error: unknown): string {
  return text.sessionFailed(serverWordsOf(error) || text.unknownError);
}

/** Where the panel leads: a page of this app, or Stripe's hosted checkout. */
type Destination =
  | { state: 'ready'; go: () => void }
  | { state: 'preparing' }
  | { state: 'failed'; message: string; retry?: () => void };

/** Reading A: the payment choice page of this app. */
function useCaseDestination(caseId: string): Destination {
  const navigate = useNavigate();
  return { state: 'ready', go: () => void navigate(paths.paymentChoice(caseId)) };
}

/** Reading B: a hosted checkout session, created as the panel opens. */
function useCheckoutDestination(caseId: string, patientId: string): Destination {
  const checkout = useCreateCheckoutSession();
  const { mutate } = checkout;
  const requested = useRef(false);

  useEffect(() => {
    if (requested.current || !patientId) return;
    requested.current = true;
    mutate({ caseId, mode: 'hosted' });
  }, [caseId, patientId, mutate]);

  if (!patientId) return { state: 'failed', message: text.invalidPatientId };
  const retry = () => {
    checkout.reset();
    mutate({ caseId, mode: 'hosted' });
  };
  if (checkout.isError)
    return { state: 'failed', message: checkoutErrorText(checkout.error), retry };
  if (checkout.isSuccess) {
    const url = checkout.data.url;
    if (!url) return { state: 'failed', message: text.noCheckoutUrl, retry };
    return { state: 'ready', go: () => navigateAway(url) };
  }
  return { state: 'preparing' };
}

function CaseFlowPanel(props: PanelProps & { caseId: string }) {
  return <PanelView {...props} destination={useCaseDestination(props.caseId)} />;
}

function PatientFlowPanel(props: PanelProps & { caseId: string; patientId: string }) {
  return (
    <PanelView {...props} destination={useCheckoutDestination(props.caseId, props.patientId)} />
  );
}

interface PanelProps {
  outcome: IntakeOutcome;
  uploads: CaseUploads;
  onReturnToForm: () => void;
}

function PanelView({
  outcome,
  uploads,
  onReturnToForm,
  destination,
}: PanelProps & { destination: Destination }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const { summary } = uploads;
  const uploading = !summary.settled;
  const uploadsFailed = summary.failed > 0;
  const failure = destination.state === 'failed' ? destination : null;
  const ready = destination.state === 'ready' ? destination : null;
  const canRetry = Boolean(failure?.retry) || uploadsFailed;
  const option = CARE_TYPE_OPTIONS[outcome.requestType];

  function tryAgain() {
    failure?.retry?.();
    if (uploadsFailed) uploads.retryFailed();
  }

  return (
    <Card role="region" aria-labelledby="payment-redirect-title" data-testid="payment-redirect">
      <CardHeader>
        <CardTitle asChild className="text-2xl">
          <h2 id="payment-redirect-title" ref={headingRef} tabIndex={-1} className="outline-none">
            {text.title}
          </h2>
        </CardTitle>
        <CardDescription className="text-base">
          Next, pay for your visit. A licensed provider is notified as soon as payment is done.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border bg-surface p-4 text-sm">
          <dt className="text-muted-foreground">Service</dt>
          <dd className="font-semibold">{option.title}</dd>
          <dt className="text-muted-foreground">Duration</dt>
          <dd>
            {outcome.requestType === 'telemedicine'
              ? `${MEETING_DURATION_MINUTES} minutes`
              : 'A nurse calls you within 2 hours'}
          </dd>
          <dt className="text-muted-foreground">Price</dt>
          <dd className="text-lg font-bold text-foreground">{CONSULTATION_FEE_LABEL}</dd>
        </dl>

        {uploads.items.length > 0 ? (
          <div className="grid gap-3">
            <h3 className="text-sm font-semibold">Your Files</h3>
            <UploadProgressList items={uploads.items} onRetry={uploads.retry} />
          </div>
        ) : null}

        {failure ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{failure.message}</AlertDescription>
          </Alert>
        ) : null}
        {uploadsFailed && !uploading ? (
          <Alert variant="warning">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{text.uploadsFailed}</AlertDescription>
          </Alert>
        ) : null}

        <div aria-live="polite">
          {destination.state === 'preparing' ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" />
              {text.sessionNotReady}
            </p>
          ) : uploading ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" />
              {text.uploading}
            </p>
          ) : null}
        </div>
        {ready && !uploading && !uploadsFailed ? <AutoRedirect onDone={ready.go} /> : null}

        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button
            type="button"
            size="lg"
            disabled={!ready || uploading}
            onClick={() => ready?.go()}
          >
            {text.proceed}
            <ArrowRight aria-hidden="true" />
          </Button>
          {/* Always shown (spec doc 1 §2); it has something to do only after a failure. */}
          <Button
            type="button"
            size="lg"
            variant="secondary"
            disabled={!canRetry}
            onClick={tryAgain}
          >
            <RotateCcw aria-hidden="true" />
            {text.tryAgain}
          </Button>
          <Button type="button" size="lg" variant="outline" onClick={onReturnToForm}>
            <ArrowLeft aria-hidden="true" />
            {text.returnToForm}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The payment-redirect panel (spec doc 1 §2, §8). Reading A goes to
 * `/payment-choice?case_id={caseId}`; reading B creates a Stripe-hosted checkout and goes there.
 * It waits for the files to finish uploading, then goes on by itself after 3 seconds.
 */
export function PaymentRedirectPanel({ outcome, uploads, onReturnToForm }: PanelProps) {
  if (outcome.flow === 'case') {
    return (
      <CaseFlowPanel
        outcome={outcome}
        uploads={uploads}
        onReturnToForm={onReturnToForm}
        caseId={outcome.caseId}
      />
    );
  }
  return (
    <PatientFlowPanel
      outcome={outcome}
      uploads={uploads}
      onReturnToForm={onReturnToForm}
      caseId={outcome.caseId}
      patientId={outcome.patientId}
    />
  );
}
