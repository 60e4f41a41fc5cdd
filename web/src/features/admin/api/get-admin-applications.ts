import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminApplicationPage } from '@shared/admin/api';
import { adminListApplications } from '@shared/admin/contracts';
import { request } from '@web/lib/api';
import { adminAuth } from './admin-request';
import { adminKeys, type AdminApplicationsFilters } from './keys';
import { adminPaging, pageQuery } from './pages';

/** The filter part of the query: status is omitted for All and the search when blank. */
function filterQuery({ status, search }: AdminApplicationsFilters) {
  const text = search.trim();
  return {
    ...(status !== 'all' ? { status } : {}),
    ...(text ? { search: text } : {}),
  };
}

/** `GET /api/admin/applications?status={status}&search={text}&limit=&cursor=`, newest first. */
export function getAdminApplications(
  filters: AdminApplicationsFilters,
  { cursor, signal }: { cursor?: string; signal?: AbortSignal } = {},
): Promise<AdminApplicationPage> {
  return request(adminListApplications, {
    query: { ...filterQuery(filters), ...pageQuery(cursor) },
    signal,
    auth: adminAuth(),
  });
}

export function adminApplicationsQueryOptions(filters: AdminApplicationsFilters) {
  const normalized = { status: filters.status, search: filters.search.trim() };
  return infiniteQueryOptions({
    queryKey: adminKeys.applicationList(normalized),
    queryFn: ({ pageParam, signal }) =>
      getAdminApplications(normalized, { cursor: pageParam, signal }),
    ...adminPaging,
    // While a new search loads, keep showing the previous results.
    placeholderData: keepPreviousData,
  });
}

export function useAdminApplications(filters: AdminApplicationsFilters) {
  return useInfiniteQuery(adminApplicationsQueryOptions(filters));
}
