import { useQuery } from '@tanstack/react-query';
import { Lock, Video } from 'lucide-react';
import { useState } from 'react';
import type { Attachment } from '@shared/cases/api';
import type { ProviderCaseDetails, ProviderCaseSummary } from '@shared/cases/provider-case';
import { providerCaseMessages } from '@shared/cases/provider-case';
import { requestTypeLabels } from '@shared/patients/request';
import { AttachmentList } from '@web/components/attachments/AttachmentList';
import { DocumentViewerDialog } from '@web/components/attachments/DocumentViewerDialog';
import { DetailField, DetailSection } from '@web/components/DetailList';
import { ErrorState, LoadingState } from '@web/components/states';
import { Button } from '@web/components/ui/button';
import { NativeDialog } from '@web/components/ui/native-dialog';
import { ApiError, serverMessageOf } from '@web/lib/api';
import { attachmentName, fileKind } from '@web/lib/attachments';
import { formatDateTime } from '@web/lib/dates';
import { caseAttachmentsQueryOptions, caseDetailsQueryOptions } from '../api/cases';
import { useAudioPlayer } from '../hooks/use-audio-player';
import { shortCaseId } from '../lib/case-view';
import { providerMessages } from '../lib/labels';
import { caseStatusWord, isHeldByOther } from './CaseCard';
import { PatientPresenceLine } from './PatientPresenceLine';

const NOT_PROVIDED = 'Not provided';

/**
 * The case details dialog (spec doc 2 §2), opened from Details or View. The patient, the whole
 * summary and the attachments only for the provider's own case (spec doc 2 §6), loaded on demand
 * ('Loading case details...', 'Case details not found'); the own claimed case offers 'Start
 * Meeting (15-Min Timer)'. Any other case shows what its card says, without a request: what a
 * doctor needs to choose it, and why there is no more.
 */
export default function CaseDetailsDialog({
  item,
  onClose,
  onStartMeeting,
}: {
  item: ProviderCaseSummary | null;
  onClose: () => void;
  onStartMeeting: (details: ProviderCaseDetails) => void;
}) {
  const holds = item !== null && item.claimedByMe;
  const details = useQuery({ ...caseDetailsQueryOptions(item?.id ?? ''), enabled: holds });
  const data = holds ? details.data : undefined;
  // A home nurse visit has no meeting to start (docs/adr/0022): its steps are on its card.
  const canStart =
    data !== undefined &&
    item?.requestType === 'telemedicine' &&
    data.claimedByMe &&
    (data.status === 'claimed' || data.status === 'in_call');

  return (
    <NativeDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={item ? `Case #${shortCaseId(item.id)}` : 'Case'}
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
      {item === null ? null : !holds ? (
        <CaseOverview item={item} />
      ) : details.isPending ? (
        <LoadingState label={providerMessages.detailsLoading} />
      ) : details.isError ? (
        <ErrorState message={detailsErrorMessage(details.error)} />
      ) : (
        <CaseDetails details={details.data} />
      )}
    </NativeDialog>
  );
}

/** A refusal says why (the claim lapsed, another provider holds it); anything else: not found. */
function detailsErrorMessage(error: Error): string {
  if (error instanceof ApiError && error.status === 403) {
    return serverMessageOf(error) ?? providerCaseMessages.heldByOther;
  }
  return providerMessages.detailsNotFound;
}

/** The fields of a case every provider may read, as its card has them. */
function CaseFields({ item }: { item: ProviderCaseSummary }) {
  return (
    <DetailSection title="Case">
      <DetailField label="Status">{caseStatusWord(item)}</DetailField>
      {item.patientPresence ? (
        <DetailField label="Patient">
          <PatientPresenceLine presence={item.patientPresence} />
        </DetailField>
      ) : null}
      <DetailField label="Priority">{item.priority}</DetailField>
      <DetailField label="Request Type">{requestTypeLabels[item.requestType]}</DetailField>
      <DetailField label="Created">{formatDateTime(item.createdAt)}</DetailField>
      <DetailField label="Paid">{formatDateTime(item.paidAt)}</DetailField>
      <DetailField label="Claimed">{formatDateTime(item.claimedAt)}</DetailField>
      {item.endedAt ? (
        <DetailField label="Ended">{formatDateTime(item.endedAt)}</DetailField>
      ) : null}
      <DetailField label="Case ID">
        <span className="font-mono break-all">{item.id}</span>
      </DetailField>
    </DetailSection>
  );
}

/** A case the provider does not hold: the card's summary and the way to see more (claim it). */
function CaseOverview({ item }: { item: ProviderCaseSummary }) {
  return (
    <div className="flex flex-col gap-5">
      <p role="note" className="flex items-start gap-2 rounded-lg bg-muted p-3 text-sm">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {isHeldByOther(item) ? providerCaseMessages.heldByOther : providerCaseMessages.claimFirst}
      </p>
      <CaseFields item={item} />
      <DetailSection title="Summary" columns={1}>
        <DetailField label="Symptoms">
          <span className="whitespace-pre-line">{item.triageSummary}</span>
        </DetailField>
      </DetailSection>
    </div>
  );
}

function CaseDetails({ details }: { details: ProviderCaseDetails }) {
  return (
    <div className="flex flex-col gap-5">
      <DetailSection title="Patient">
        <DetailField label="Name">{details.patient.name || NOT_PROVIDED}</DetailField>
        <DetailField label="Email">{details.patient.email || NOT_PROVIDED}</DetailField>
        <DetailField label="Phone">{details.patient.phone || NOT_PROVIDED}</DetailField>
      </DetailSection>
      <CaseFields item={details} />
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
