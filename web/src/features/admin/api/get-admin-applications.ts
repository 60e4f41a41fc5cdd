import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminApplication } from '@shared/admin/api';
import { adminListApplications } from '@shared/admin/contracts';
import { request, urlOf } from '@web/lib/api';
import { adminAuth } from './admin-request';
import { adminKeys, type AdminApplicationsFilters } from './keys';

/** The query of the list: status is omitted for All and the search when blank. */
function applicationsQuery({ status, search }: AdminApplicationsFilters) {
  const text = search.trim();
  return {
    ...(status !== 'all' ? { status } : {}),
    ...(text ? { search: text } : {}),
  };
}

/** `GET /api/admin/applications?status={status}&search={text}`. */
export function adminApplicationsUrl(filters: AdminApplicationsFilters): string {
  return urlOf(adminListApplications, { query: applicationsQuery(filters) });
}

/** Newest first, as the server sends them. */
export function getAdminApplications(
  filters: AdminApplicationsFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminApplication[]> {
  return request(adminListApplications, {
    query: applicationsQuery(filters),
    signal,
    auth: adminAuth(),
  });
}

export function adminApplicationsQueryOptions(filters: AdminApplicationsFilters) {
  const normalized = { status: filters.status, search: filters.search.trim() };
  return queryOptions({
    queryKey: adminKeys.applicationList(normalized),
    queryFn: ({ signal }) => getAdminApplications(normalized, { signal }),
    // While a new search loads, keep showing the previous results.
    placeholderData: keepPreviousData,
  });
}

export function useAdminApplications(filters: AdminApplicationsFilters) {
  return useQuery(adminApplicationsQueryOptions(filters));
}
