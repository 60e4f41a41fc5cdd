import { Settings } from 'lucide-react';
import type { AdminCaseMoney, AdminCaseRow } from '@shared/admin/api';
import { ratingLabels, type CaseFeedback } from '@shared/cases/feedback';
import { requestTypeLabels } from '@shared/patients/request';
import { Button } from '@web/components/ui/button';
import { NativeDialog } from '@web/components/ui/native-dialog';
import { toast } from '@web/hooks/use-toast';
import { formatDateTime } from '@web/lib/dates';
import {
  adminToasts,
  moneyStateLabels,
  NOT_PROVIDED,
  settlementReasonLabels,
  UNASSIGNED,
} from '../lib/labels';
import { DetailField, DetailSection } from '@web/components/DetailList';
import { CaseStatusBadge, PriorityBadge } from './StatusBadges';

export const NO_COMMENTS = 'No comments';

/** The triage summary is shown only when it says something the symptoms do not. */
export function showsTriageSummary(row: Pick<AdminCaseRow, 'symptoms' | 'triageSummary'>) {
  const summary = row.triageSummary.trim();
  return summary !== '' && summary !== row.symptoms.trim();
}

/** One case in full (spec doc 2 §2); 'Manage Case' only says more is coming. */
export function CaseDetailsDialog({
  caseRow,
  onClose,
}: {
  caseRow: AdminCaseRow | null;
  onClose: () => void;
}) {
  return (
    <NativeDialog
      open={caseRow !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Case Details"
      description={caseRow ? caseRow.patientName : undefined}
      className="max-w-2xl"
      footer={
        <Button onClick={() => toast(adminToasts.manageCase)}>
          <Settings aria-hidden="true" />
          Manage Case
        </Button>
      }
    >
      {caseRow ? <CaseDetails row={caseRow} /> : null}
    </NativeDialog>
  );
}

function CaseDetails({ row }: { row: AdminCaseRow }) {
  return (
    <div className="flex flex-col gap-5">
      <DetailSection title="Patient">
        <DetailField label="Name">{row.patientName}</DetailField>
        <DetailField label="Email">{row.patientEmail || NOT_PROVIDED}</DetailField>
        <DetailField label="Location">{row.location.trim() || NOT_PROVIDED}</DetailField>
      </DetailSection>
      <DetailSection title="Request">
        <DetailField label="Priority">
          <PriorityBadge priority={row.priority} />
        </DetailField>
        <DetailField label="Status">
          <CaseStatusBadge status={row.status} />
        </DetailField>
        <DetailField label="Request Type">{requestTypeLabels[row.requestType]}</DetailField>
        <DetailField label="Created">{formatDateTime(row.createdAt)}</DetailField>
        <DetailField label="Assigned Provider">
          {row.assignedProviderName || UNASSIGNED}
        </DetailField>
      </DetailSection>
      <DetailSection title="Medical Information" columns={1}>
        <DetailField label="Symptoms">
          <span className="whitespace-pre-line">{row.symptoms}</span>
        </DetailField>
        {showsTriageSummary(row) ? (
          <DetailField label="Triage Summary">
            <span className="whitespace-pre-line">{row.triageSummary}</span>
          </DetailField>
        ) : null}
        <DetailField label="Medical History">
          <span className="whitespace-pre-line">{row.medicalHistory.trim() || NOT_PROVIDED}</span>
        </DetailField>
      </DetailSection>
      {row.money ? <MoneyDetails money={row.money} /> : null}
      {row.feedback ? <FeedbackDetails feedback={row.feedback} /> : null}
      <DetailSection title="Case Information">
        <DetailField label="Case ID">
          <span className="font-mono break-all">{row.id}</span>
        </DetailField>
      </DetailSection>
    </div>
  );
}

/**
 * Where the case's money stands (docs/adr/0024): authorized, charged, released or refunded, the
 * decision and why, and a failed attempt at Stripe (retried on its own; shown so an operator
 * can follow it up), by Stripe's error type and code.
 */
function MoneyDetails({ money }: { money: AdminCaseMoney }) {
  const { decision, failure } = money;
  return (
    <DetailSection title="Payment">
      <DetailField label="Money">{moneyStateLabels[money.state]}</DetailField>
      {decision ? (
        <DetailField label="Decision">
          {decision.action === 'capture' ? 'Capture' : 'Release'}:{' '}
          {settlementReasonLabels[decision.why]} ({formatDateTime(decision.decidedAt)})
        </DetailField>
      ) : null}
      {money.settledAt ? (
        <DetailField label="Settled at Stripe">{formatDateTime(money.settledAt)}</DetailField>
      ) : null}
      {failure ? (
        <DetailField label="Settlement failure">
          <span role="alert">
            {formatDateTime(failure.at)}: {failure.type ?? 'unknown error'}
            {failure.code ? ` (${failure.code})` : ''}
            {money.settledAt ? ', settled on retry' : ', retrying'}
          </span>
        </DetailField>
      ) : null}
    </DetailSection>
  );
}

/** The patient's rating and comments (spec doc 1 §5), once given. */
function FeedbackDetails({ feedback }: { feedback: CaseFeedback }) {
  const label = ratingLabels[feedback.rating as keyof typeof ratingLabels];
  return (
    <DetailSection title="Patient Feedback">
      <DetailField label="Rating">
        {feedback.rating} of 5: {label}
      </DetailField>
      <DetailField label="Submitted">{formatDateTime(feedback.submittedAt)}</DetailField>
      <DetailField label="Comments">
        <span className="whitespace-pre-line">{feedback.feedback?.trim() || NO_COMMENTS}</span>
      </DetailField>
    </DetailSection>
  );
}
