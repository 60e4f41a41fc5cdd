import type { ApplicationStatusFilter } from '../lib/labels';

export interface AdminApplicationsFilters {
  status: ApplicationStatusFilter;
  search: string;
}

/** Query keys of the admin panel; everything under `all` is refreshed by Refresh. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  applications: () => [...adminKeys.all, 'applications'] as const,
  applicationList: (filters: AdminApplicationsFilters) =>
    [...adminKeys.applications(), filters] as const,
  attachments: (applicationId: string) =>
    [...adminKeys.all, 'application-attachments', applicationId] as const,
  cases: () => [...adminKeys.all, 'cases'] as const,
  logs: () => [...adminKeys.all, 'logs'] as const,
};
