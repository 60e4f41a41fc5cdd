import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { caseIdSchema } from '@shared/cases/api';
import { isClosedCaseStatus, type CaseStatus } from '@shared/cases/status';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { PatientKeyMissing, usePatientKeyFromAddress } from '@web/components/RequirePatientKey';
import { LoadingState } from '@web/components/states';
import { Button } from '@web/components/ui/button';
import { completeManualPayment } from '@web/lib/manual-payment';
import { linkWithPatientKey } from '@web/lib/patient-key';
import { useDocumentTitle } from '@web/lib/use-document-title';
import {
  caseStatusQueryKey,
  caseStatusQueryOptions,
  isUnknownCaseError,
  useCaseStatus,
  VISIT_POLL_MS,
} from '@web/lib/case-status';
import { pollInterval } from '@web/lib/realtime/case-updates';
import { useCaseUpdates } from '@web/lib/realtime/use-case-updates';
import { MoneyLine } from '@web/features/payments';
import { InvalidVisitLink } from '../components/InvalidVisitLink';
import { LapsedNotice } from '../components/LapsedNotice';
import { NurseVisitCard, nurseVisitLines } from '../components/NurseVisitCard';
import { PaidStatusCard, StatusCard } from '../components/StatusCards';
import { QueuePlace } from '../components/QueuePlaceCard';
import { VideoRoomPanel } from '../components/VideoRoomPanel';
import { StartAlertOptIn } from '../components/StartAlertOptIn';
import { VisitLinkCard } from '../components/VisitLinkCard';
import { ConsultationDetails, VisitHelp, VisitInstructions } from '../components/VisitSidebar';
import { usePreviewMedia } from '../hooks/use-preview-media';
import { useStartAlert } from '../hooks/use-start-alert';
import { paths } from '@web/lib/paths';

/**
 * Statuses in which the waiting room asks for the camera and microphone (spec doc 1 §4: paid or
 * in_call, not claimed). Once asked, the tracks stay open through a claim until the page closes
 * or the call takes them (docs/spec-deviations.md).
 */
const MEDIA_STATUSES: ReadonlySet<CaseStatus> = new Set<CaseStatus>(['paid', 'in_call']);

/**
 * A return from Stripe carries `session_id`: ask the server once to mark the case paid, then drop
 * the query from the address. `onDone` runs only while the page is shown.
 */
function usePaymentCompletionFromCheckout(caseId: string, onDone: () => void) {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const pending = useRef<Promise<void> | null>(null);
  const handled = useRef(false);
  const done = useEffectEvent(onDone);

  useEffect(() => {
    if (sessionId && !pending.current) {
      pending.current = completeManualPayment(caseId).then(
        () => undefined,
        // Spec doc 1 §8: only logged.
        () => console.warn('Payment status update failed'),
      );
    }
    const current = pending.current;
    if (!current) return;
    let shown = true;
    void current.then(() => {
      if (!shown || handled.current) return;
      handled.current = true;
      done();
    });
    return () => {
      shown = false;
    };
  }, [caseId, sessionId]);
}

function WaitingRoom({ caseId }: { caseId: string }) {
  const navigate = useNavigate();
  const pushed = useCaseUpdates(caseId, caseStatusQueryKey(caseId));
  const query = useCaseStatus(caseId, { pollMs: pollInterval(VISIT_POLL_MS, pushed) });
  const { refetch } = query;
  const data = query.data;
  const status = data?.status;
  // A home nurse visit has no call (docs/adr/0022): no camera, no room, no feedback redirect.
  const nurseVisit = data?.requestType === 'nurse-visit';

  usePaymentCompletionFromCheckout(caseId, () => {
    void navigate(paths.visit(caseId), { replace: true });
    void refetch();
  });

  const preview = usePreviewMedia(
    caseId,
    status !== undefined && !nurseVisit && MEDIA_STATUSES.has(status),
  );
  useStartAlert(status);

  // Only a consultation that took place goes on to feedback: a no-show is `cancelled` and stays
  // here with its refund (docs/adr/0023).
  useEffect(() => {
    if (status === 'completed' && !nurseVisit) {
      void navigate(paths.feedback(caseId), { replace: true });
    }
  }, [status, nurseVisit, caseId, navigate]);

  const invalid = isUnknownCaseError(query.error);
  useDocumentTitle(invalid ? 'Invalid Visit Link' : 'Virtual Waiting Room');
  if (invalid) return <InvalidVisitLink />;

  const refresh = () => void refetch();
  // The wait promise lapsed (docs/adr/0025): the notice and its Keep waiting replace the status.
  const lapsedMinutes =
    data?.status === 'awaiting_payment' && data.waitPromise?.lapsedAt
      ? data.waitPromise.minutes
      : null;
  const visitLink = linkWithPatientKey(caseId, paths.visit(caseId));

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Virtual Waiting Room</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Case ID: <span className="font-mono break-all text-foreground">{caseId}</span>
      </p>

      {!data ? (
        <div className="mt-8">
          {query.isError ? (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>We could not load your visit</AlertTitle>
              <AlertDescription className="grid gap-3">
                <p>Please check your connection. We keep trying automatically.</p>
                <div>
                  <Button variant="outline" onClick={refresh} disabled={query.isFetching}>
                    Refresh Status
                  </Button>
                </div>
              </AlertDescription>
            </Alert>
          ) : (
            <p role="status" className="flex items-center gap-2 text-muted-foreground">
              <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden="true" />
              Loading your visit...
            </p>
          )}
        </div>
      ) : (
        <div className="mt-8 grid items-start gap-6 lg:grid-cols-[1.6fr_1fr]">
          <div className="grid gap-6">
            {lapsedMinutes !== null ? (
              <LapsedNotice caseId={caseId} minutes={lapsedMinutes} />
            ) : nurseVisit && nurseVisitLines(data) ? (
              <NurseVisitCard answer={data} />
            ) : (
              <StatusCard
                status={data.status}
                refund={data.refund}
                callOutcome={data.callOutcome}
              />
            )}
            <MoneyLine money={data.money} className="rounded-lg border bg-card px-4 py-3" />
            {nurseVisit || lapsedMinutes !== null ? null : (
              <>
                {/* Issue 28 item 5: the place in the queue and the estimate, pushed. */}
                {data.status === 'paid' ? <QueuePlace caseId={caseId} /> : null}
                {data.status === 'paid' || data.status === 'claimed' ? <StartAlertOptIn /> : null}
                {data.status === 'paid' ? <PaidStatusCard meeting={data.meeting} /> : null}
                {/* No Join on a case that is over: expiry leaves its meeting `scheduled` (issue 27). */}
                {isClosedCaseStatus(data.status) ? null : (
                  <VideoRoomPanel preview={preview} meeting={data.meeting} />
                )}
              </>
            )}
          </div>
          <div className="grid gap-6">
            <ConsultationDetails status={data.status} provider={data.claimedBy} />
            <VisitInstructions />
            {visitLink ? <VisitLinkCard link={visitLink} /> : null}
            <VisitHelp onRefresh={refresh} refreshing={query.isFetching} />
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * `/visit/{caseId}`: the patient's waiting room (spec doc 1 §2, §4). The patient's key comes from
 * this browser's storage, or from the link's fragment (`#key=…`, docs/adr/0012); without it the
 * page says how to open the visit instead of a room that cannot be joined.
 */
export default function VisitPage() {
  const { caseId = '' } = useParams();
  if (!caseId || caseId === 'visit') return <Navigate to={paths.patientTelehealth} replace />;
  if (!caseIdSchema.safeParse(caseId).success) return <InvalidVisitLink />;
  return <Visit key={caseId} caseId={caseId} />;
}

function Visit({ caseId }: { caseId: string }) {
  return usePatientKeyFromAddress(caseId) ? (
    <WaitingRoom caseId={caseId} />
  ) : (
    <VisitWithoutKey caseId={caseId} />
  );
}

/**
 * A visit opened in a browser without the patient's key: one status read tells an unknown case
 * (the spec's invalid link view) from a real one, whose page says how to open it (docs/adr/0012).
 */
function VisitWithoutKey({ caseId }: { caseId: string }) {
  const query = useQuery({
    ...caseStatusQueryOptions(caseId, VISIT_POLL_MS),
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });
  if (isUnknownCaseError(query.error)) return <InvalidVisitLink />;
  if (query.isPending)
    return <LoadingState label="Loading your visit..." className="flex-1 py-24" />;
  return <PatientKeyMissing />;
}
