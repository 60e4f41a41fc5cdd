import { Bell, Database, Eye, Globe, Mail, type LucideIcon } from 'lucide-react';
import type { AdminApplication } from '@shared/admin/api';
import { REGION_LABELS } from '@shared/triage/regions';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useClientConfig } from '@web/lib/config/get-client-config';
import { cn } from '@web/lib/utils';
import { formatDate } from '@web/lib/dates';
import { useAdminApplications } from '../api/get-admin-applications';
import { listFailed } from '@web/components/LoadMoreButton';
import { itemsOf } from '../api/pages';
import { adminMessages } from '../lib/labels';
import { ApplicationStatusBadge } from './StatusBadges';
import { EmptyState, ErrorState, LoadingState } from '@web/components/states';

/** The dashboard shows this many of the newest applications (spec doc 2 §9). */
export const RECENT_APPLICATIONS = 5;

const SYSTEM_STATUS: readonly { icon: LucideIcon; text: string }[] = [
  { icon: Database, text: 'Database Online' },
  { icon: Mail, text: 'Email Service Active' },
  { icon: Bell, text: 'Emergency Alerts Enabled' },
];

/**
 * The triage region in effect (TRIAGE_REGION, issue 13): read from the client configuration,
 * the very value the patients' analyser applies, so the card cannot show another.
 */
function useTriageRegionStatus(): { text: string; known: boolean } {
  const config = useClientConfig();
  if (config.data) {
    return { text: `Triage region: ${REGION_LABELS[config.data.triageRegion]}`, known: true };
  }
  return {
    text: config.isError ? 'Triage region: could not be loaded' : 'Triage region: loading...',
    known: false,
  };
}

export function DashboardTab({ onReview }: { onReview: (application: AdminApplication) => void }) {
  // The Applications tab's unfiltered list: its first page holds the newest five.
  const applications = useAdminApplications({ status: 'all', search: '' });
  const recent = itemsOf(applications.data?.pages).slice(0, RECENT_APPLICATIONS);
  const triageRegion = useTriageRegionStatus();

  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Recent Applications</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {applications.isPending ? (
            <LoadingState label="Loading applications..." />
          ) : listFailed(applications) ? (
            <ErrorState message={adminMessages.applicationsFailed} />
          ) : recent.length > 0 ? (
            <ul className="divide-y">
              {recent.map((application) => (
                <li
                  key={application.id}
                  className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-semibold">{application.fullName}</p>
                    <p className="text-sm text-muted-foreground">
                      {application.specialization} · {formatDate(application.applicationDate)}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <ApplicationStatusBadge status={application.status} />
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => onReview(application)}
                      aria-label={`Review ${application.fullName}`}
                    >
                      <Eye aria-hidden="true" />
                      Review
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState message={adminMessages.noApplications} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>System Status</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-3">
            {SYSTEM_STATUS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-sm">
                <span
                  className="grid size-8 place-items-center rounded-lg bg-success-soft text-success"
                  aria-hidden="true"
                >
                  <Icon className="size-4" />
                </span>
                <span className="font-medium">{text}</span>
                <span className="ml-auto size-2 rounded-full bg-green-600" aria-hidden="true" />
              </li>
            ))}
            <li className="flex items-center gap-3 text-sm" data-testid="triage-region">
              <span
                className="grid size-8 place-items-center rounded-lg bg-success-soft text-success"
                aria-hidden="true"
              >
                <Globe className="size-4" />
              </span>
              <span className="font-medium">{triageRegion.text}</span>
              <span
                className={cn(
                  'ml-auto size-2 rounded-full',
                  triageRegion.known ? 'bg-green-600' : 'bg-muted-foreground',
                )}
                aria-hidden="true"
              />
            </li>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
