import {
  CircleAlert,
  FileText,
  LoaderCircle,
  Lock,
  RefreshCw,
  ShieldCheck,
  Timer,
  Video,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { VideoAccessResponse } from '@shared/patients/api';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { SectionCard } from '@web/components/SectionCard';
import { formatDateTime } from '@web/lib/dates';
import { useVideoAccess, videoAccessQueryKey } from '../api/get-video-access';
import { useCaseUpdates } from '@web/lib/realtime/use-case-updates';
import { useRecordMeetingAccess } from '../api/record-meeting-access';
import { openMeetingInNewTab } from '@web/lib/open-meeting';
import { refundLine } from '@web/lib/case-status';
import { moneyTexts } from '@shared/payments/money';
import { paths } from '@web/lib/paths';

/** Texts of the video access page (spec doc 1 §2, §8). */
export const VIDEO_ACCESS_TEXT = {
  verifying: 'Verifying payment and access credentials...',
  error:
    'Unable to verify access credentials. Please contact support if you have completed payment.',
  paymentPending:
    'Your payment is being processed. Please wait a few minutes and refresh this page.',
  paymentIncomplete: 'Please complete the payment process to access your video consultation.',
  clinicalNotes: 'Clinical notes will be available after your consultation.',
  linkPending: 'The meeting link is not ready yet. This page checks again automatically.',
  expired: 'No provider could take your consultation in time, so it has been closed.',
  cancelled: 'This consultation has been cancelled.',
  ended: 'Your consultation has ended. Tell us how it went.',
} as const;

/**
 * The spec's footer said sessions are "recorded" and that joining is consent to it; nothing is
 * recorded (the call is peer to peer, encrypted by WebRTC), so the notes say that instead
 * (docs/spec-deviations.md).
 */
export const VIDEO_ACCESS_NOTES = [
  { icon: ShieldCheck, text: 'This is a secure, HIPAA-compliant video platform.' },
  { icon: Timer, text: 'Your session lasts exactly 15 minutes.' },
  { icon: Lock, text: 'Your video and audio are encrypted between you and your provider.' },
  { icon: Video, text: 'Sessions are not recorded: no video or audio of your call is kept.' },
] as const;

function capitalize(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ') : value;
}

function DetailList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-medium break-all text-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Notes() {
  return (
    <ul className="grid gap-2 text-sm text-muted-foreground" aria-label="About your video session">
      {VIDEO_ACCESS_NOTES.map(({ icon: Icon, text }) => (
        <li key={text} className="flex gap-2">
          <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {text}
        </li>
      ))}
    </ul>
  );
}

function PaymentRequired({
  access,
  checking,
  onCheck,
}: {
  access: VideoAccessResponse;
  checking: boolean;
  onCheck: () => void;
}) {
  const pending = access.paymentStatus === 'pending';
  return (
    <SectionCard
      titleId="payment-required-title"
      title="Payment Required"
      headerClassName=""
      contentClassName="grid gap-5"
    >
      <Alert variant="warning" role="status">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>
          {pending ? VIDEO_ACCESS_TEXT.paymentPending : VIDEO_ACCESS_TEXT.paymentIncomplete}
        </AlertDescription>
      </Alert>
      <DetailList
        rows={[
          ['Payment status', capitalize(access.paymentStatus)],
          ['Payment ID', access.paymentId ?? 'Not available'],
        ]}
      />
      <div>
        <Button onClick={onCheck} disabled={checking}>
          <RefreshCw className={checking ? 'animate-spin' : undefined} aria-hidden="true" />
          {checking ? 'Checking...' : 'Check Payment Status'}
        </Button>
      </div>
    </SectionCard>
  );
}

/** After the call: no Join, a way to the feedback form (issue 27 item 6). */
function ConsultationEnded({ caseId }: { caseId: string }) {
  return (
    <div role="status" className="grid gap-3">
      <p>{VIDEO_ACCESS_TEXT.ended}</p>
      <div>
        <Button asChild>
          <Link to={paths.feedback(caseId)}>
            <FileText aria-hidden="true" />
            Leave Feedback
          </Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * An expired or cancelled case: what happened and where the money stands, never a Join (issue
 * 27 item 6): its authorization released (issue 28), or a payment captured before that refunded.
 */
function ConsultationClosed({ access }: { access: VideoAccessResponse }) {
  const expired = access.caseStatus === 'expired';
  const refunded = refundLine(access.refund);
  return (
    <SectionCard
      titleId="consultation-closed-title"
      title={expired ? 'Session Expired' : 'Consultation Cancelled'}
      contentClassName="grid gap-3"
    >
      <div role="status" className="grid gap-2">
        <p>{expired ? VIDEO_ACCESS_TEXT.expired : VIDEO_ACCESS_TEXT.cancelled}</p>
        {refunded ? (
          <p className="font-medium" data-testid="video-access-refund">
            {refunded}
          </p>
        ) : access.money ? (
          // A case closed since pay-only-when-seen: its authorization released, nothing charged
          // (issue 28); only a payment captured before that has a refund line.
          <p className="font-medium" data-testid="video-access-money">
            {moneyTexts[access.money.state]}
          </p>
        ) : null}
      </div>
    </SectionCard>
  );
}

function MeetingAccess({
  patientId,
  caseId,
  ended,
  meeting,
}: {
  patientId: string;
  caseId: string;
  ended: boolean;
  meeting: NonNullable<VideoAccessResponse['meetingInfo']>;
}) {
  const recordAccess = useRecordMeetingAccess();
  const meetingUrl = meeting.meetingUrl;

  function join() {
    if (!meetingUrl) return;
    recordAccess.mutate({
      patientId,
      meetingId: meeting.meetingId,
      accessTime: new Date().toISOString(),
    });
    openMeetingInNewTab(meetingUrl);
  }

  const rows: [string, ReactNode][] = [
    ['Status', capitalize(meeting.status)],
    ['Provider', meeting.providerName ?? 'Waiting for a provider'],
    ['Scheduled time', formatDateTime(meeting.scheduledTime)],
  ];
  if (meeting.meetingPassword) {
    rows.push(['Meeting password', <span className="font-mono">{meeting.meetingPassword}</span>]);
  }

  return (
    <div className="grid gap-4">
      <DetailList rows={rows} />
      {ended ? (
        <ConsultationEnded caseId={caseId} />
      ) : (
        <div className="grid gap-2">
          <Button
            size="lg"
            onClick={join}
            disabled={!meetingUrl}
            aria-describedby={meetingUrl ? undefined : 'meeting-link-pending'}
            className="w-full sm:w-auto"
          >
            <Video aria-hidden="true" />
            Join 15-Minute Video Consultation
          </Button>
          {!meetingUrl ? (
            <p id="meeting-link-pending" className="text-sm text-muted-foreground">
              {VIDEO_ACCESS_TEXT.linkPending}
            </p>
          ) : null}
        </div>
      )}
      {meeting.clinicalNotesAvailable ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <FileText className="size-4 shrink-0 text-primary" aria-hidden="true" />
          {VIDEO_ACCESS_TEXT.clinicalNotes}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The video access content for a patient (spec doc 1 §2): payment and access check, then the
 * meeting and its join button. Polls every 30 seconds. Headings start at level 2.
 */
export function VideoAccessPanel({ patientId }: { patientId: string }) {
  const query = useVideoAccess(patientId);
  const access = query.data;
  // Video access polls at the safety net's rate anyway: the push only makes changes show at once.
  useCaseUpdates(access?.caseId ?? null, videoAccessQueryKey(patientId));
  const refetch = () => void query.refetch();

  if (!access) {
    if (query.isError) {
      return (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Access check failed</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{VIDEO_ACCESS_TEXT.error}</p>
            <div>
              <Button variant="outline" onClick={refetch} disabled={query.isFetching}>
                <RefreshCw aria-hidden="true" />
                Retry
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      );
    }
    return (
      <p role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
        <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden="true" />
        {VIDEO_ACCESS_TEXT.verifying}
      </p>
    );
  }

  if (access.caseStatus === 'expired' || access.caseStatus === 'cancelled') {
    return (
      <div className="grid gap-6">
        <ConsultationClosed access={access} />
        <Notes />
      </div>
    );
  }

  if (!access.isPaid || !access.accessGranted) {
    return (
      <div className="grid gap-6">
        <PaymentRequired access={access} checking={query.isFetching} onCheck={refetch} />
        <Notes />
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <Card role="region" aria-labelledby="meeting-details-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="meeting-details-title">Your Video Consultation</h2>
          </CardTitle>
          <CardDescription role="status">
            Payment verified. Your access to the consultation is granted.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {access.meetingInfo ? (
            <MeetingAccess
              patientId={patientId}
              caseId={access.caseId}
              ended={access.caseStatus === 'completed' || access.meetingInfo.status === 'completed'}
              meeting={access.meetingInfo}
            />
          ) : (
            <p role="status" className="flex items-center gap-2 text-muted-foreground">
              <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden="true" />
              Your video meeting is being set up. This page checks again automatically.
            </p>
          )}
        </CardContent>
      </Card>
      <Notes />
    </div>
  );
}
