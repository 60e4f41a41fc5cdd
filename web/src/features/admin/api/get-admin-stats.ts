import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminStatsSchema, type AdminStats } from '@shared/admin/api';
import { adminGet } from './admin-request';
import { adminKeys } from './keys';

export const ADMIN_STATS_URL = '/api/admin/stats';

export function getAdminStats({ signal }: { signal?: AbortSignal } = {}): Promise<AdminStats> {
  return adminGet(ADMIN_STATS_URL, adminStatsSchema, { signal });
}

export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => getAdminStats({ signal }),
  });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
