import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@shared/admin/api';
import { adminStats } from '@shared/admin/contracts';
import { request } from '@web/lib/api';
import { adminAuth } from './admin-request';
import { adminKeys } from './keys';

export function getAdminStats({ signal }: { signal?: AbortSignal } = {}): Promise<AdminStats> {
  return request(adminStats, { signal, auth: adminAuth() });
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
