import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { adminLogout } from '@shared/admin/contracts';
import { ApiError, send } from '@web/lib/api';
import { adminAuth } from './admin-request';

/**
 * `POST /api/admin/logout`: ends the session on the server. A 401 means it had already ended,
 * which is what signing out wants, so it counts as success.
 */
export async function logoutAdmin(): Promise<void> {
  try {
    await send(adminLogout, { auth: adminAuth() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
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
