import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { AdminApplication } from '@shared/admin/api';
import { adminApproveApplication, adminRejectApplication } from '@shared/admin/contracts';
import { ApiError, request, urlOf } from '@web/lib/api';
import { adminAuth } from './admin-request';
import { adminKeys } from './keys';

export type ReviewDecision = 'approve' | 'reject';

export interface ReviewVariables {
  applicationId: string;
  notes: string;
}

const reviewRoutes = { approve: adminApproveApplication, reject: adminRejectApplication };

export function reviewApplicationUrl(applicationId: string, decision: ReviewDecision): string {
  return urlOf(reviewRoutes[decision], { params: { applicationId } });
}

/**
 * `POST /api/admin/applications/{applicationId}/approve|reject` with `{notes}`. A non-OK answer
 * throws 'Failed to reject application: {status}' (spec doc 2 §8), or the approve equivalent.
 */
export async function reviewApplication(
  decision: ReviewDecision,
  { applicationId, notes }: ReviewVariables,
): Promise<AdminApplication> {
  try {
    const answer = await request(reviewRoutes[decision], {
      params: { applicationId },
      body: { notes: notes.trim() },
      auth: adminAuth(),
    });
    return answer.application;
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Error(`Failed to ${decision} application: ${error.status}`, { cause: error });
    }
    throw error;
  }
}

export type ReviewMutationOptions = Omit<
  UseMutationOptions<AdminApplication, Error, ReviewVariables>,
  'mutationFn' | 'mutationKey'
>;

function isAttachmentsKey(queryKey: readonly unknown[]): boolean {
  return queryKey[1] === adminKeys.attachments('')[1];
}

/** After a decision, every admin list and the stats are refreshed. */
export function useReviewApplication(
  decision: ReviewDecision,
  { onSuccess, ...options }: ReviewMutationOptions = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: ['admin', decision],
    mutationFn: (variables: ReviewVariables) => reviewApplication(decision, variables),
    onSuccess: async (...args) => {
      // Not awaited: the toast and the dialog need not wait for the lists to load again.
      void queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        predicate: (query) => !isAttachmentsKey(query.queryKey),
      });
      await onSuccess?.(...args);
    },
  });
}
