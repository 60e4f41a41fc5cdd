import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { adminCaseRowSchema, type AdminCaseRow } from '@shared/admin/api';
import { adminGet } from './admin-request';
import { adminKeys } from './keys';

export const ADMIN_CASES_URL = '/api/admin/cases';

const adminCaseListSchema = z.array(adminCaseRowSchema);

export function getAdminCases({ signal }: { signal?: AbortSignal } = {}): Promise<AdminCaseRow[]> {
  return adminGet(ADMIN_CASES_URL, adminCaseListSchema, { signal });
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
