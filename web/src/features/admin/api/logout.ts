import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { throwIfResNotOk } from '@web/lib/api';
import { adminRequest } from './admin-request';

export const ADMIN_LOGOUT_URL = '/api/admin/logout';

/**
 * `POST /api/admin/logout`: ends the session on the server. A 401 means it had already ended,
 * which is what signing out wants, so it counts as success.
 */
export async function logoutAdmin(): Promise<void> {
  const res = await adminRequest('POST', ADMIN_LOGOUT_URL);
  if (res.status === 401) return;
  await throwIfResNotOk(res);
}

export function useAdminLogout(
  options: Omit<UseMutationOptions<void, Error, void>, 'mutationFn' | 'mutationKey'> = {},
) {
  return useMutation({
    ...options,
    mutationKey: ['admin', 'logout'],
    mutationFn: logoutAdmin,
  });
}
