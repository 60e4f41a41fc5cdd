import { Mail } from 'lucide-react';
import { Link } from 'react-router-dom';
import { applicationStatusTone, type StatusTone } from '@shared/doctor-applications/status';
import { Badge } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/dates';
import { cn } from '@web/lib/utils';
import { ApplicationIdTerm } from './ApplicationIdTerm';
import type { ApplicationStatusAnswer } from '../lib/status-answer';
import { paths } from '@web/lib/paths';

const panelTone: Record<StatusTone, string> = {
  success: 'border-l-green-600 bg-success-soft',
  warning: 'border-l-yellow-500 bg-warning-soft',
  danger: 'border-l-red-600 bg-danger-soft',
};

/** The landing-box answer: id, colour-coded status, dates and what to do next. */
export function ApplicationStatusResult({ application }: { application: ApplicationStatusAnswer }) {
  const tone = applicationStatusTone(application.status);
  const approved = application.status === 'approved';

  return (
    <div
      className={cn('rounded-lg border border-l-4 p-4', panelTone[tone])}
      data-testid="application-status-result"
      data-tone={tone}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <ApplicationIdTerm applicationId={application.applicationId} />
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <Badge variant={tone} data-tone={tone} className="capitalize">
            {application.status.replace(/_/g, ' ')}
          </Badge>
        </dd>
        <dt className="text-muted-foreground">Submitted</dt>
        <dd>{formatDate(application.submittedAt)}</dd>
        <dt className="text-muted-foreground">Reviewed</dt>
        <dd>{formatDate(application.reviewedAt)}</dd>
      </dl>
      {approved ? (
        <div className="mt-3 flex gap-2 text-sm text-success-foreground">
          <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            Your application has been approved. Please check your email for your login credentials,
            then{' '}
            <Link
              to={paths.providerDashboard}
              className="font-semibold underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              sign in as a provider
            </Link>
            .
          </p>
        </div>
      ) : application.message ? (
        <p className="mt-3 text-sm">{application.message}</p>
      ) : null}
    </div>
  );
}
