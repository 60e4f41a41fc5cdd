import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatApplicationId } from '@shared/doctor-applications/application-id';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDate } from '@web/lib/dates';
import type { ApplicationStatusAnswer } from '../lib/status-answer';
import { statusDisplay, statusTimeline } from '../lib/status-display';
import { statusPageMessages } from '../lib/messages';
import { ApplicationIdTerm } from './ApplicationIdTerm';
import { StatusTimeline } from './StatusTimeline';
import { paths } from '@web/lib/paths';

/** A found application (spec doc 2 §2): badge, description, timeline, information, next links. */
export function ApplicationStatusDetails({
  application,
}: {
  application: ApplicationStatusAnswer;
}) {
  const display = statusDisplay(application.status);
  const approved = application.status === 'approved';

  return (
    <Card role="region" aria-labelledby="status-result-title" data-testid="status-details">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle asChild className="text-xl">
            <h2 id="status-result-title">
              {statusPageMessages.resultTitle}{' '}
              <span className="font-mono break-all">
                {formatApplicationId(application.applicationId)}
              </span>
            </h2>
          </CardTitle>
          <Badge variant={display.variant} data-testid="status-badge" className="text-sm">
            {display.label}
          </Badge>
        </div>
        <p className="text-base text-foreground">{display.description}</p>
        {display.known ? null : (
          // A status this page does not know yet: the server's sentence is all there is.
          <p className="text-sm text-muted-foreground">{application.message}</p>
        )}
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="status-timeline-title" className="grid content-start gap-3">
          <h3 id="status-timeline-title" className="font-semibold">
            {statusPageMessages.timelineTitle}
          </h3>
          <StatusTimeline steps={statusTimeline(application)} labelledBy="status-timeline-title" />
        </section>
        <section aria-labelledby="status-information-title" className="grid content-start gap-3">
          <h3 id="status-information-title" className="font-semibold">
            {statusPageMessages.informationTitle}
          </h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <ApplicationIdTerm applicationId={application.applicationId} />
            <dt className="text-muted-foreground">Status</dt>
            <dd>{display.label}</dd>
            <dt className="text-muted-foreground">Submitted</dt>
            <dd>{formatDate(application.submittedAt)}</dd>
            <dt className="text-muted-foreground">Reviewed</dt>
            <dd>{formatDate(application.reviewedAt)}</dd>
          </dl>
        </section>
        {application.reviewNotes ? (
          // Only a rejection's notes reach the page (the server sends no others).
          <section
            aria-labelledby="status-notes-title"
            className="grid gap-2 md:col-span-2"
            data-testid="status-review-notes"
          >
            <h3 id="status-notes-title" className="font-semibold">
              {statusPageMessages.reviewNotesTitle}
            </h3>
            <p className="whitespace-pre-line rounded-md border bg-muted/40 p-3 text-sm break-words">
              {application.reviewNotes}
            </p>
          </section>
        ) : null}
        {approved ? (
          <div className="md:col-span-2">
            <Button asChild size="lg">
              <Link to={paths.providerDashboard}>
                <LayoutDashboard aria-hidden="true" />
                {statusPageMessages.dashboard}
              </Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
