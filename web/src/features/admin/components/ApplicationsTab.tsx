import { Briefcase, Calendar, Eye, Mail, Phone, Search } from 'lucide-react';
import { useState } from 'react';
import type { AdminApplication } from '@shared/admin/api';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { formatDate } from '@web/lib/dates';
import { cn } from '@web/lib/utils';
import { listFailed, LoadMoreButton } from '@web/components/LoadMoreButton';
import { useAdminApplications } from '../api/get-admin-applications';
import { itemsOf } from '../api/pages';
import { useDebouncedValue } from '@web/hooks/use-debounced-value';
import {
  adminMessages,
  applicationStatusFilters,
  yearsOfExperience,
  type ApplicationStatusFilter,
} from '../lib/labels';
import { ApplicationStatusBadge } from './StatusBadges';
import { EmptyState, ErrorState, LoadingState } from '@web/components/states';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

function isStatusFilter(value: string): value is ApplicationStatusFilter {
  return applicationStatusFilters.some((filter) => filter.value === value);
}

export function ApplicationsTab({
  onReview,
}: {
  onReview: (application: AdminApplication) => void;
}) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ApplicationStatusFilter>('all');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const applications = useAdminApplications({ status, search: debouncedSearch });
  const loaded = itemsOf(applications.data?.pages);

  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">Applications</h2>
      <div
        role="search"
        aria-label="Search applications"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex flex-1 flex-col gap-2">
          <Label htmlFor="admin-application-search">Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="admin-application-search"
              type="search"
              placeholder="Name, email or specialization"
              className="pl-9"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:w-48">
          <Label htmlFor="admin-application-status">Status</Label>
          <NativeSelect
            id="admin-application-status"
            value={status}
            onChange={(event) => {
              if (isStatusFilter(event.target.value)) setStatus(event.target.value);
            }}
          >
            {applicationStatusFilters.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <div aria-busy={applications.isFetching}>
        {applications.isPending ? (
          <LoadingState label="Loading applications..." />
        ) : listFailed(applications) ? (
          <ErrorState message={adminMessages.applicationsFailed} />
        ) : loaded.length === 0 && !applications.hasNextPage ? (
          <EmptyState message={adminMessages.noApplications} />
        ) : (
          <div className="flex flex-col gap-4">
            <ul className="grid gap-3" aria-label="Applications">
              {loaded.map((application) => (
                <li key={application.id}>
                  <ApplicationCard application={application} onReview={onReview} />
                </li>
              ))}
            </ul>
            <LoadMoreButton list={applications} errorMessage={adminMessages.applicationsFailed} />
          </div>
        )}
      </div>
    </div>
  );
}

function ApplicationCard({
  application,
  onReview,
}: {
  application: AdminApplication;
  onReview: (application: AdminApplication) => void;
}) {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold">{application.fullName}</h3>
          <ApplicationStatusBadge status={application.status} />
        </div>
        <p className="text-sm text-muted-foreground">{application.specialization}</p>
        <dl className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
          {[
            { icon: Mail, label: 'Email', value: application.email, truncate: true },
            { icon: Phone, label: 'Phone', value: application.phoneNumber },
            { icon: Calendar, label: 'Applied', value: formatDate(application.applicationDate) },
            {
              icon: Briefcase,
              label: 'Experience',
              value: yearsOfExperience(application.yearsExperience),
            },
          ].map(({ icon: Icon, label, value, truncate }) => (
            <div key={label} className={cn('flex items-center gap-2', truncate && 'min-w-0')}>
              <dt>
                <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                <span className="sr-only">{label}</span>
              </dt>
              <dd className={truncate ? 'truncate' : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <Button
        variant="outline"
        onClick={() => onReview(application)}
        aria-label={`Review ${application.fullName}`}
        className="sm:self-center"
      >
        <Eye aria-hidden="true" />
        Review
      </Button>
    </Card>
  );
}
