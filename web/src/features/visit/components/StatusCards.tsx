import {
  CircleCheckBig,
  Clock,
  Hourglass,
  LoaderCircle,
  Video,
  type LucideIcon,
} from 'lucide-react';
import type { CaseStatusResponse, PatientMeeting } from '@shared/cases/api';
import { noShowPatientTexts, type CallOutcome } from '@shared/cases/no-show';
import { patientCaseLabel } from '@shared/cases/status';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { refundLine } from '@web/lib/case-status';
import { formatDateTime } from '@web/lib/dates';
import { cn } from '@web/lib/utils';

/** The label of a call the patient never joined: the spec has no status for it (ADR 0023). */
export const NO_SHOW_LABEL = 'Consultation Missed';

/**
 * The line under the status label (spec doc 1 §4); a call that did not happen says why
 * (docs/adr/0023): the patient never joined it, or the doctor never did and the case is queued.
 */
export function patientCaseDescription(
  status: string,
  callOutcome: CallOutcome | null = null,
): string {
  if (status === 'cancelled' && callOutcome === 'patient_no_show') {
    return noShowPatientTexts.patientNoShow;
  }
  if (status === 'paid' && callOutcome === 'provider_no_show') {
    return noShowPatientTexts.providerNoShow;
  }
  switch (status) {
    case 'paid':
      return 'A licensed healthcare provider will join shortly';
    case 'claimed':
      // Issue 27 item 1: the patient sees that a doctor has the case, and what comes next.
      return 'A provider has taken your case and will start the video call shortly. Keep this page open: we will alert you.';
    case 'in_call':
      // The doctor started the call; whether the doctor's page is in the room yet, the server
      // knows only later (docs/adr/0023), so this does not say "has joined".
      return 'Your provider is starting the call. Select Join Video Call to enter the consultation.';
    case 'completed':
      return 'Your consultation has ended. Taking you to the feedback form...';
    case 'expired':
      return 'The 15-minute consultation window has expired';
    case 'cancelled':
      return 'This consultation was cancelled.';
    default:
      return 'We are getting your consultation ready. This page updates automatically.';
  }
}

interface Tone {
  icon: LucideIcon;
  border: string;
  badge: string;
}

const tones: Record<string, Tone> = {
  paid: { icon: Clock, border: 'border-l-primary', badge: 'bg-primary-soft text-primary' },
  in_call: { icon: Video, border: 'border-l-green-600', badge: 'bg-success-soft text-success' },
  completed: {
    icon: CircleCheckBig,
    border: 'border-l-green-600',
    badge: 'bg-success-soft text-success',
  },
  expired: {
    icon: Hourglass,
    border: 'border-l-red-600',
    badge: 'bg-danger-soft text-destructive',
  },
};
const preparing: Tone = {
  icon: LoaderCircle,
  border: 'border-l-slate-400',
  badge: 'bg-muted text-muted-foreground',
};

/**
 * The case status, announced politely when it changes; an expired case and a no-show say their
 * refund.
 */
export function StatusCard({
  status,
  refund = null,
  callOutcome = null,
}: {
  status: string;
  refund?: CaseStatusResponse['refund'];
  callOutcome?: CallOutcome | null;
}) {
  const noShow = status === 'cancelled' && callOutcome === 'patient_no_show';
  const { icon: Icon, border, badge } = (noShow ? tones.expired : tones[status]) ?? preparing;
  const refunded = status === 'expired' || noShow ? refundLine(refund) : null;
  return (
    <Card role="region" aria-labelledby="visit-status-title" className={cn('border-l-4', border)}>
      <CardHeader className="flex-row items-center gap-4">
        <span className={cn('grid size-12 shrink-0 place-items-center rounded-full', badge)}>
          <Icon
            className={cn('size-6', Icon === LoaderCircle && 'motion-safe:animate-spin')}
            aria-hidden="true"
          />
        </span>
        <div className="grid gap-1">
          <h2 id="visit-status-title" className="sr-only">
            Visit status
          </h2>
          <div aria-live="polite" aria-atomic="true" className="grid gap-1">
            <p className="text-xl font-semibold" data-testid="visit-status-label">
              {noShow ? NO_SHOW_LABEL : patientCaseLabel(status)}
            </p>
            <p className="text-muted-foreground" data-testid="visit-status-description">
              {patientCaseDescription(status, callOutcome)}
            </p>
            {refunded ? (
              <p className="font-medium" data-testid="visit-refund">
                {refunded}
              </p>
            ) : null}
          </div>
        </div>
      </CardHeader>
    </Card>
  );
}

/** Shown once the case is paid: the meeting's length and time. */
export function PaidStatusCard({ meeting }: { meeting: PatientMeeting | null }) {
  return (
    <Card role="region" aria-labelledby="paid-card-title">
      <CardHeader className="pb-4">
        <CardTitle asChild>
          <h2 id="paid-card-title">Payment Confirmed</h2>
        </CardTitle>
        <CardDescription>
          {meeting
            ? 'Your consultation is paid and your video meeting is scheduled.'
            : 'Your consultation is paid. Your video meeting is being created...'}
        </CardDescription>
      </CardHeader>
      {meeting ? (
        <CardContent>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Meeting duration</dt>
            <dd className="font-medium">{meeting.duration} minutes</dd>
            <dt className="text-muted-foreground">Scheduled for</dt>
            <dd className="font-medium">{formatDateTime(meeting.scheduledFor)}</dd>
          </dl>
        </CardContent>
      ) : null}
    </Card>
  );
}
