import {
  CircleAlert,
  CircleCheckBig,
  Circle,
  Hourglass,
  LoaderCircle,
  type LucideIcon,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CaseStatusResponse } from '@shared/cases/api';
import { caseIdSchema } from '@shared/cases/api';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { MessagePage } from '@web/components/MessagePage';
import { SectionCard } from '@web/components/SectionCard';
import { SupportEmailLink } from '@web/components/config/SupportEmailLink';
import {
  caseStatusQueryKey,
  isUnknownCaseError,
  paymentStageOf,
  PROCESSING_POLL_MS,
  PROCESSING_STATUS_RETRY,
  refundLine,
  useCaseStatus,
} from '@web/lib/case-status';
import { pollInterval } from '@web/lib/realtime/case-updates';
import { useCaseUpdates } from '@web/lib/realtime/use-case-updates';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { cn } from '@web/lib/utils';
import { moneyTexts } from '@shared/payments/money';
import { MoneyLine } from '../components/MoneyLine';
import { useRequiredCaseId } from '../hooks/use-case-id-param';
import { paths } from '@web/lib/paths';

type StepState = 'done' | 'current' | 'waiting';

/** Spec doc 1 §2: the four steps the processing screen shows. */
export function processingSteps(data: CaseStatusResponse | undefined): {
  label: string;
  state: StepState;
}[] {
  const paid = data !== undefined && paymentStageOf[data.status] !== 'unpaid';
  const meeting = Boolean(data?.meeting);
  const assigned = Boolean(data?.claimedBy);
  return [
    { label: 'Payment verification', state: paid ? 'done' : 'current' },
    { label: 'Meeting creation', state: meeting ? 'done' : paid ? 'current' : 'waiting' },
    { label: 'Provider notification', state: paid ? 'done' : 'waiting' },
    { label: 'Provider assignment', state: assigned ? 'done' : paid ? 'current' : 'waiting' },
  ];
}

const stepIcons: Record<StepState, LucideIcon> = {
  done: CircleCheckBig,
  current: LoaderCircle,
  waiting: Circle,
};
const stepText: Record<StepState, string> = {
  done: 'Complete',
  current: 'In progress',
  waiting: 'Waiting',
};

function statusText(data: CaseStatusResponse | undefined): string {
  if (!data) return 'Checking...';
  return data.status === 'awaiting_payment' ? 'Awaiting payment confirmation' : 'Payment received';
}

/**
 * A case that closed instead of reaching the waiting room (the spec has no words for this
 * screen): what happened and what to do next. An expired case was paid, and the server refunds
 * it in full (DESIGN.md §5): the page says where that refund stands, as the visit page does; a
 * cancelled one was never seen by a provider.
 */
const closedCaseTexts = {
  expired: {
    title: 'Request Expired',
    text: 'No provider could start your consultation in time, so this request has closed.',
  },
  cancelled: {
    title: 'Request Cancelled',
    text: 'This request was cancelled, so no provider will join it.',
  },
} as const;

function ClosedCase({
  status,
  refund,
  money,
}: {
  status: keyof typeof closedCaseTexts;
  refund: CaseStatusResponse['refund'];
  money: CaseStatusResponse['money'];
}) {
  const { title, text } = closedCaseTexts[status];
  const refunded = status === 'expired' ? refundLine(refund) : null;
  useDocumentTitle(title);
  return (
    <MessagePage
      icon={Hourglass}
      tone="danger"
      title={title}
      actions={
        <Button asChild size="lg">
          <Link to={paths.patientTelehealth}>Start New Request</Link>
        </Button>
      }
    >
      <span className="grid gap-3">
        <span>{text}</span>
        {/* Issue 28: a case closed unseen was not charged (its authorization released); only a
            payment captured at checkout before that has a refund line. */}
        {refunded ? (
          <span>{refunded}</span>
        ) : money ? (
          <span data-testid="money-line">{moneyTexts[money.state]}</span>
        ) : null}
        <span>Please start a new request to see a provider.</span>
        <span>
          Questions? Contact <SupportEmailLink />.
        </span>
      </span>
    </MessagePage>
  );
}

function InvalidRequest() {
  useDocumentTitle('Invalid Request');
  return (
    <MessagePage
      icon={CircleAlert}
      tone="danger"
      title="Invalid Request"
      actions={
        <Button asChild size="lg">
          <Link to={paths.patientTelehealth}>Start New Request</Link>
        </Button>
      }
    >
      Missing case information
    </MessagePage>
  );
}

function Processing({ caseId }: { caseId: string }) {
  useDocumentTitle('Processing Payment');
  const navigate = useNavigate();
  const pushed = useCaseUpdates(caseId, caseStatusQueryKey(caseId));
  const query = useCaseStatus(caseId, {
    pollMs: pollInterval(PROCESSING_POLL_MS, pushed),
    retry: PROCESSING_STATUS_RETRY,
  });
  const data = query.data;
  const stage = data ? paymentStageOf[data.status] : 'unpaid';
  const paid = stage === 'paid';

  // Paid or any later status (claimed, in call, completed): the visit page takes over.
  useEffect(() => {
    if (paid) void navigate(paths.visit(caseId), { replace: true });
  }, [paid, caseId, navigate]);

  if (isUnknownCaseError(query.error)) return <InvalidRequest />;
  if (data?.status === 'expired' || data?.status === 'cancelled') {
    return <ClosedCase status={data.status} refund={data.refund} money={data.money} />;
  }

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="text-center">
        <LoaderCircle className="mx-auto size-12 animate-spin text-primary" aria-hidden="true" />
        <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">Processing Payment</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Payment processing usually takes 10 to 30 seconds. Please keep this page open.
        </p>
      </div>

      <SectionCard
        titleId="processing-status-title"
        title="Payment Status"
        className="mt-8"
        contentClassName="grid gap-6"
      >
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Case ID</dt>
          <dd className="font-mono break-all">{caseId}</dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd className="font-medium" aria-live="polite">
            {statusText(data)}
          </dd>
          <dt className="text-muted-foreground">Payment</dt>
          <dd className="font-medium" aria-live="polite">
            {paid ? 'Confirmed' : 'Pending'}
          </dd>
        </dl>
        <MoneyLine money={data?.money} />

        <ol className="grid gap-3" aria-label="Progress">
          {processingSteps(data).map(({ label, state }) => {
            const Icon = stepIcons[state];
            return (
              <li key={label} className="flex items-center gap-3" data-state={state}>
                <Icon
                  className={cn(
                    'size-5 shrink-0',
                    state === 'done' && 'text-success',
                    state === 'current' && 'text-primary motion-safe:animate-spin',
                    state === 'waiting' && 'text-muted-foreground',
                  )}
                  aria-hidden="true"
                />
                <span className={cn(state === 'waiting' && 'text-muted-foreground')}>{label}</span>
                <span className="sr-only">: {stepText[state]}</span>
              </li>
            );
          })}
        </ol>

        {query.isError ? (
          <Alert variant="warning" role="status">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>
              We are having trouble checking your payment. Still trying...
            </AlertDescription>
          </Alert>
        ) : null}
      </SectionCard>

      <p className="mt-6 text-center text-sm text-muted-foreground">
        Questions about your payment? Contact <SupportEmailLink />.
      </p>
    </section>
  );
}

/**
 * `/payment-processing?case_id=`: waits until the case is paid (or further along), then opens
 * the visit page; a case that expired or was cancelled meanwhile says so instead.
 */
export default function PaymentProcessingPage() {
  const caseId = useRequiredCaseId(paths.patient);
  if (!caseId) return null;
  if (!caseIdSchema.safeParse(caseId).success) return <InvalidRequest />;
  return <Processing key={caseId} caseId={caseId} />;
}
