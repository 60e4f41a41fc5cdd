import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { LoadingState } from '@web/components/states';
import { toast } from '@web/hooks/use-toast';
import { useOnlineStatus } from '@web/lib/offline/use-online-status';
import { useCaseUploads, type UploadRequest } from '@web/lib/uploads/use-case-uploads';
import { useIntakeOfflineQueue } from '../hooks/use-intake-offline-queue';
import { loadIntakeRequests } from '../lib/load-intake-requests';
import { offlineMessages, submitMessages } from '../lib/messages';
import type { IntakeOutcome, QueuedIntake } from '../lib/outcome';
import { FormCard } from './FormCard';
import { OfflineNotice } from './OfflineNotice';
import { RequestSentCard } from './RequestSentCard';

/**
 * The payment panel shows only after a submit, and its checkout call brings the payment
 * contracts (and zod): it loads lazily, ahead of time once the patient focuses the form.
 */
const loadPaymentRedirectPanel = () => import('./PaymentRedirectPanel');
const PaymentRedirectPanel = lazy(() =>
  loadPaymentRedirectPanel().then((module) => ({ default: module.PaymentRedirectPanel })),
);

/** What a head start needs: the submit's modules and the panel after it. */
function preloadAfterSubmit() {
  // A failure here is only a missed head start: the submit and the panel load them again.
  loadIntakeRequests().catch(() => undefined);
  loadPaymentRedirectPanel().catch(() => undefined);
}

/** What a form needs from the screen around it. */
export interface IntakeFormHost {
  /** The request exists: announce it, upload `files` into its case, show the payment panel. */
  submitted: (outcome: IntakeOutcome, files: readonly UploadRequest[]) => void;
  /** Keeps the form's text for later (offline); false when it could not be stored. */
  queue: (data: QueuedIntake, files: readonly UploadRequest[]) => boolean;
}

/**
 * The request screen's states (spec doc 1 §4): the form (idle, submitting), then success with
 * the payment-redirect panel. The form stays mounted underneath, so 'Return to Form' shows it as
 * the patient left it. Also runs the offline queue of both readings.
 */
export function IntakeScreen({ form: Form }: { form: ComponentType<{ host: IntakeFormHost }> }) {
  const [outcome, setOutcome] = useState<IntakeOutcome | null>(null);
  const uploads = useCaseUploads();
  const { start: startUploads, reset: resetUploads } = uploads;
  const online = useOnlineStatus();
  /** Files of queued forms, by queue entry id: sent with the form if this page is still open. */
  const queuedFiles = useRef(new Map<string, readonly UploadRequest[]>());
  const [filesKept, setFilesKept] = useState(false);

  const submitted = useCallback(
    (next: IntakeOutcome, files: readonly UploadRequest[]) => {
      toast({
        title:
          next.flow === 'case' ? submitMessages.caseSubmitted : submitMessages.patientSubmitted,
      });
      if (files.length > 0) startUploads(next.caseId, files);
      else resetUploads();
      setOutcome(next);
    },
    [resetUploads, startUploads],
  );

  const queue = useIntakeOfflineQueue({
    onSent: (entry, sent) => {
      const files = queuedFiles.current.get(entry.id) ?? [];
      queuedFiles.current.delete(entry.id);
      setFilesKept(queuedFiles.current.size > 0);
      submitted(sent, files);
    },
  });
  const { enqueue } = queue;

  const host: IntakeFormHost = {
    submitted,
    queue: (data, files) => {
      const entry = enqueue(data);
      if (!entry) {
        toast({
          variant: 'destructive',
          title: offlineMessages.notStoredTitle,
          description: offlineMessages.notStored,
        });
        return false;
      }
      if (files.length > 0) {
        queuedFiles.current.set(entry.id, files);
        setFilesKept(true);
      }
      toast({ title: offlineMessages.queuedTitle, description: offlineMessages.queued });
      return true;
    },
  };

  const formTitleRef = useRef<HTMLDivElement>(null);
  const returned = useRef(false);
  useEffect(() => {
    if (outcome || !returned.current) return;
    returned.current = false;
    formTitleRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [outcome]);

  return (
    <div className="grid gap-6">
      <OfflineNotice online={online} pendingCount={queue.entries.length} filesKept={filesKept} />
      {outcome ? (
        <div className="grid gap-6">
          <Suspense fallback={<LoadingState label="Loading..." />}>
            <PaymentRedirectPanel
              key={`${outcome.flow}-${outcome.caseId}`}
              outcome={outcome}
              uploads={uploads}
              onReturnToForm={() => {
                returned.current = true;
                setOutcome(null);
              }}
            />
          </Suspense>
          <RequestSentCard id={outcome.flow === 'case' ? outcome.caseId : outcome.patientId} />
        </div>
      ) : null}
      {/* The first focus in the form starts loading what a submit needs. */}
      <div hidden={outcome !== null} ref={formTitleRef} onFocus={preloadAfterSubmit}>
        <FormCard>
          <Form host={host} />
        </FormCard>
      </div>
    </div>
  );
}
