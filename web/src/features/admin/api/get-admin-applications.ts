import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { adminApplicationSchema, type AdminApplication } from '@shared/admin/api';
import { adminGet } from './admin-request';
import { adminKeys, type AdminApplicationsFilters } from './keys';

export const ADMIN_APPLICATIONS_URL = '/api/admin/applications';

const adminApplicationListSchema = z.array(adminApplicationSchema);

/**
 * `GET /api/admin/applications?status={status}&search={text}`: status is omitted for All and the
 * search when blank. Values are percent-encoded (a space is `%20`, never `+`).
 */
export function adminApplicationsUrl({ status, search }: AdminApplicationsFilters): string {
  const params: [string, string][] = [];
  if (status !== 'all') params.push(['status', status]);
  const text = search.trim();
  if (text) params.push(['search', text]);
  if (params.length === 0) return ADMIN_APPLICATIONS_URL;
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `${ADMIN_APPLICATIONS_URL}?${query}`;
}

/** Newest first, as the server sends them. */
export function getAdminApplications(
  filters: AdminApplicationsFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminApplication[]> {
  return adminGet(adminApplicationsUrl(filters), adminApplicationListSchema, { signal });
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
