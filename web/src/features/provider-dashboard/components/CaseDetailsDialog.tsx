import { useQuery } from '@tanstack/react-query';
import { Video } from 'lucide-react';
import { useState } from 'react';
import type { Attachment } from '@shared/cases/api';
import type { ProviderCaseDetails } from '@shared/cases/provider-case';
import { providerCaseMessages } from '@shared/cases/provider-case';
import { requestTypeLabels } from '@shared/patients/request';
import { AttachmentList } from '@web/components/attachments/AttachmentList';
import { DocumentViewerDialog } from '@web/components/attachments/DocumentViewerDialog';
import { DetailField, DetailSection } from '@web/components/DetailList';
import { ErrorState, LoadingState } from '@web/components/states';
import { Button } from '@web/components/ui/button';
import { NativeDialog } from '@web/components/ui/native-dialog';
import { ApiError } from '@web/lib/api';
import { attachmentName, fileKind } from '@web/lib/attachments';
import { formatDateTime } from '@web/lib/dates';
import { caseAttachmentsQueryOptions, caseDetailsQueryOptions } from '../api/cases';
import { useAudioPlayer } from '../hooks/use-audio-player';
import { priorityOf, shortCaseId } from '../lib/case-view';
import { providerMessages } from '../lib/labels';
import { caseStatusWord } from './CaseCard';

const NOT_PROVIDED = 'Not provided';

/**
 * The case details dialog (spec doc 2 §2), opened from Details or View: 'Loading case
 * details...', 'Case details not found', the patient, the summary, the times and the
 * attachments; the provider's own claimed case offers 'Start Meeting (15-Min Timer)'. Loaded on
 * demand, so the page's first load does not carry it.
 */
export default function CaseDetailsDialog({
  caseId,
  onClose,
  onStartMeeting,
}: {
  caseId: string | null;
  onClose: () => void;
  onStartMeeting: (details: ProviderCaseDetails) => void;
}) {
  const details = useQuery({ ...caseDetailsQueryOptions(caseId ?? ''), enabled: caseId !== null });
  const data = caseId !== null ? details.data : undefined;
  const canStart =
    data !== undefined &&
    data.claimedByMe &&
    (data.status === 'claimed' || data.status === 'in_call');

  return (
    <NativeDialog
      open={caseId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={caseId ? `Case #${shortCaseId(caseId)}` : 'Case'}
      description="Case details"
      className="max-w-2xl"
      footer={
        canStart ? (
          <Button onClick={() => onStartMeeting(data)}>
            <Video aria-hidden="true" />
            {data.status === 'in_call' ? 'Rejoin' : 'Start Meeting (15-Min Timer)'}
          </Button>
        ) : null
      }
    >
      {caseId === null ? null : details.isPending ? (
        <LoadingState label={providerMessages.detailsLoading} />
      ) : details.isError ? (
        <ErrorState message={detailsErrorMessage(details.error)} />
      ) : (
        <CaseDetails details={details.data} />
      )}
    </NativeDialog>
  );
}

function detailsErrorMessage(error: Error): string {
  if (error instanceof ApiError && error.status === 403) return providerCaseMessages.heldByOther;
  return providerMessages.detailsNotFound;
}

function CaseDetails({ details }: { details: ProviderCaseDetails }) {
  return (
    <div className="flex flex-col gap-5">
      <DetailSection title="Patient">
        <DetailField label="Name">{details.patient.name || NOT_PROVIDED}</DetailField>
        <DetailField label="Email">{details.patient.email || NOT_PROVIDED}</DetailField>
        <DetailField label="Phone">{details.patient.phone || NOT_PROVIDED}</DetailField>
      </DetailSection>
      <DetailSection title="Case">
        <DetailField label="Status">{caseStatusWord(details)}</DetailField>
        <DetailField label="Priority">{priorityOf(details.triageSummary)}</DetailField>
        <DetailField label="Request Type">{requestTypeLabels[details.requestType]}</DetailField>
        <DetailField label="Created">{formatDateTime(details.createdAt)}</DetailField>
        <DetailField label="Paid">{formatDateTime(details.paidAt)}</DetailField>
        <DetailField label="Claimed">{formatDateTime(details.claimedAt)}</DetailField>
        {details.endedAt ? (
          <DetailField label="Ended">{formatDateTime(details.endedAt)}</DetailField>
        ) : null}
        <DetailField label="Case ID">
          <span className="font-mono break-all">{details.id}</span>
        </DetailField>
      </DetailSection>
      <DetailSection title="Summary" columns={1}>
        <DetailField label="Symptoms">
          <span className="whitespace-pre-line">{details.triageSummary}</span>
        </DetailField>
      </DetailSection>
      <section aria-labelledby="provider-attachments-title" className="flex flex-col gap-2">
        <h3 id="provider-attachments-title" className="text-sm font-semibold">
          Attachments
        </h3>
        <CaseAttachments caseId={details.id} />
      </section>
    </div>
  );
}

/** The case's files: audio plays, anything else opens in the document viewer. */
function CaseAttachments({ caseId }: { caseId: string }) {
  const attachments = useQuery(caseAttachmentsQueryOptions(caseId));
  const [viewing, setViewing] = useState<Attachment | null>(null);
  const audio = useAudioPlayer();
  const isAudio = (attachment: Attachment) => fileKind(attachmentName(attachment)) === 'audio';

  if (attachments.isPending)
    return <LoadingState label="Loading attachments..." className="py-4" />;
  if (attachments.isError) return <ErrorState message={providerMessages.attachmentsFailed} />;
  if (attachments.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No attachments</p>;
  }

  return (
    <>
      <AttachmentList
        attachments={attachments.data}
        actionLabel={(attachment) => (isAudio(attachment) ? 'play' : 'open')}
        onSelect={(attachment) => {
          if (isAudio(attachment)) audio.play(attachment.url);
          else setViewing(attachment);
        }}
      />
      <DocumentViewerDialog attachment={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
