import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminResetSecondFactor } from '@shared/admin/contracts';
import { send, serverMessageOf } from '@web/lib/api';
import { adminAuth } from './admin-request';
import { adminKeys } from './keys';

/** What a refused reset reads when the server gives no message. */
const RESET_FAILED = 'The two-step sign-in could not be reset. Please try again.';

/**
 * `POST /api/admin/applications/{id}/reset-second-factor` (issue 25): the provider's factor is
 * deleted and their sessions end. A refusal throws the server's message (no provider account,
 * nothing to reset). The audit log shows the reset, so it is refreshed.
 */
export function useResetSecondFactor(options: {
  onSuccess: () => void;
  onError: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'reset-second-factor'],
    mutationFn: async (id: string) => {
      await send(adminResetSecondFactor, { params: { id }, auth: adminAuth() });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      options.onSuccess();
    },
    onError: (error) => options.onError(serverMessageOf(error) ?? RESET_FAILED),
  });
}
