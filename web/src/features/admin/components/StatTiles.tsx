import {
  CalendarPlus,
  CircleCheck,
  CircleX,
  Clock,
  FileText,
  Hourglass,
  type LucideIcon,
} from 'lucide-react';
import { waitAccuracyText, type AdminStats } from '@shared/admin/api';
import { Card } from '@web/components/ui/card';
import { useAdminStats } from '../api/get-admin-stats';
import { adminMessages } from '../lib/labels';
import { ErrorState } from '@web/components/states';

interface Tile {
  label: string;
  icon: LucideIcon;
  iconClass: string;
  value: (stats: AdminStats) => string;
}

/** The six tiles of spec doc 2 §2; the average review time has one decimal. */
export const STAT_TILES: readonly Tile[] = [
  {
    label: 'Total Applications',
    icon: FileText,
    iconClass: 'bg-primary-soft text-primary',
    value: (s) => String(s.totalApplications),
  },
  {
    label: 'Pending Review',
    icon: Hourglass,
    iconClass: 'bg-warning-soft text-warning',
    value: (s) => String(s.pendingApplications),
  },
  {
    label: 'Approved',
    icon: CircleCheck,
    iconClass: 'bg-success-soft text-success',
    value: (s) => String(s.approvedApplications),
  },
  {
    label: 'Rejected',
    icon: CircleX,
    iconClass: 'bg-danger-soft text-destructive',
    value: (s) => String(s.rejectedApplications),
  },
  {
    label: "Today's Applications",
    icon: CalendarPlus,
    iconClass: 'bg-secondary text-secondary-foreground',
    value: (s) => String(s.applicationsToday),
  },
  {
    label: 'Avg Review Time (hours)',
    icon: Clock,
    iconClass: 'bg-accent text-accent-foreground',
    value: (s) => s.averageReviewTime.toFixed(1),
  },
];

export function StatTiles() {
  const stats = useAdminStats();

  return (
    <section aria-labelledby="admin-stats-title" className="flex flex-col gap-3">
      <h2 id="admin-stats-title" className="sr-only">
        Statistics
      </h2>
      {stats.isError ? <ErrorState message={adminMessages.statsFailed} /> : null}
      <dl
        className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6"
        aria-busy={stats.isPending}
      >
        {STAT_TILES.map(({ label, icon: Icon, iconClass, value }) => (
          <Card key={label} className="flex flex-col gap-3 p-4">
            <dt className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
              <span className={`grid size-8 shrink-0 place-items-center rounded-lg ${iconClass}`}>
                <Icon className="size-4" aria-hidden="true" />
              </span>
              {label}
            </dt>
            <dd className="text-2xl font-bold tabular-nums">
              {stats.data ? value(stats.data) : '–'}
            </dd>
          </Card>
        ))}
      </dl>
      {/* Issue 28 item 5: how often the real start fell within the estimate given at payment. */}
      {stats.data ? (
        <p className="text-sm text-muted-foreground" data-testid="wait-accuracy">
          {waitAccuracyText(stats.data.waitEstimates)}
        </p>
      ) : null}
    </section>
  );
}
