import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCaseRow } from '@shared/admin/api';
import { adminListCases } from '@shared/admin/contracts';
import { request } from '@web/lib/api';
import { adminAuth } from './admin-request';
import { adminKeys } from './keys';

export function getAdminCases({ signal }: { signal?: AbortSignal } = {}): Promise<AdminCaseRow[]> {
  return request(adminListCases, { signal, auth: adminAuth() });
}

export function adminCasesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.cases(),
    queryFn: ({ signal }) => getAdminCases({ signal }),
  });
}

export function useAdminCases() {
  return useQuery(adminCasesQueryOptions());
}
