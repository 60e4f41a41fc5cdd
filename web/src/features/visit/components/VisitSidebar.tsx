import { RefreshCw } from 'lucide-react';
import { patientCaseLabel } from '@shared/cases/status';
import { MEETING_DURATION_MINUTES } from '@shared/payments/constants';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/SectionCard';
import { SupportHelpButtons } from '@web/components/config/SupportHelpButtons';
import { PendingIcon } from '@web/components/PendingIcon';

export const VISIT_INSTRUCTIONS = [
  'Keep this page open. Your status updates automatically every few seconds.',
  'Allow camera and microphone access when your browser asks.',
  'When your provider is ready, select Join Video Call. The call opens in a new tab.',
  `Your consultation lasts up to ${MEETING_DURATION_MINUTES} minutes and ends automatically.`,
] as const;

export function ConsultationDetails({
  status,
  provider,
}: {
  status: string;
  provider: string | null;
}) {
  return (
    <SectionCard titleId="details-title" title="Consultation Details">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Status</dt>
        <dd className="font-medium">{patientCaseLabel(status)}</dd>
        <dt className="text-muted-foreground">Duration</dt>
        <dd className="font-medium">{MEETING_DURATION_MINUTES} minutes max</dd>
        <dt className="text-muted-foreground">Provider</dt>
        <dd className="font-medium">{provider ?? 'Waiting...'}</dd>
        <dt className="text-muted-foreground">Security</dt>
        <dd className="font-medium">HIPAA Compliant</dd>
      </dl>
    </SectionCard>
  );
}

export function VisitInstructions() {
  return (
    <SectionCard titleId="instructions-title" title="Instructions">
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        {VISIT_INSTRUCTIONS.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ol>
    </SectionCard>
  );
}

export function VisitHelp({
  onRefresh,
  refreshing,
}: {
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <SectionCard titleId="help-title" title="Need Help?" contentClassName="grid gap-2">
      <SupportHelpButtons disabledWithoutEmail />
      <Button variant="secondary" onClick={onRefresh} disabled={refreshing}>
        <PendingIcon pending={refreshing} icon={RefreshCw} />
        Refresh Status
      </Button>
      <p className="mt-2 text-xs text-muted-foreground">
        In a medical emergency, call 911 instead of waiting for your consultation.
      </p>
    </SectionCard>
  );
}
