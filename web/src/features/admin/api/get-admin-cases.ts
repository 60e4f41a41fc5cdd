import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminCasePage } from '@shared/admin/api';
import { adminListCases } from '@shared/admin/contracts';
import { request } from '@web/lib/api';
import { adminAuth } from './admin-request';
import { adminKeys } from './keys';
import { adminPaging, pageQuery } from './pages';

/** `GET /api/admin/cases?limit=&cursor=`: one page of the case overview, newest first. */
export function getAdminCases({
  cursor,
  signal,
}: { cursor?: string; signal?: AbortSignal } = {}): Promise<AdminCasePage> {
  return request(adminListCases, { query: pageQuery(cursor), signal, auth: adminAuth() });
}

export function adminCasesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminKeys.cases(),
    queryFn: ({ pageParam, signal }) => getAdminCases({ cursor: pageParam, signal }),
    ...adminPaging,
  });
}

export function useAdminCases() {
  return useInfiniteQuery(adminCasesQueryOptions());
}
