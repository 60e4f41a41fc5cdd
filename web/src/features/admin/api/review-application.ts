import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { AdminApplication } from '@shared/admin/api';
import { adminApproveApplication, adminRejectApplication } from '@shared/admin/contracts';
import { ApiError, request, urlOf } from '@web/lib/api';
import { adminAuth } from './admin-request';
import { adminKeys } from './keys';

export type ReviewDecision = 'approve' | 'reject';

export interface ReviewVariables {
  /** The admin list item's `id` (the route also takes the application id). */
  id: string;
  notes: string;
  /** The application's `version` as the dialog showed it: a stale decision is refused (409). */
  expectedVersion: number;
}

const reviewRoutes = { approve: adminApproveApplication, reject: adminRejectApplication };

export function reviewApplicationUrl(id: string, decision: ReviewDecision): string {
  return urlOf(reviewRoutes[decision], { params: { id } });
}

/**
 * `POST /api/admin/applications/{id}/approve|reject` with `{notes, expectedVersion}`. A non-OK
 * answer throws 'Failed to reject application: {status}' (spec doc 2 §8), or the approve
 * equivalent; a 409 means another admin reviewed the application since the dialog opened.
 */
export async function reviewApplication(
  decision: ReviewDecision,
  { id, notes, expectedVersion }: ReviewVariables,
): Promise<AdminApplication> {
  try {
    const answer = await request(reviewRoutes[decision], {
      params: { id },
      body: { notes: notes.trim(), expectedVersion },
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

/** A refusal because someone else reviewed the application first: the lists are stale. */
function isReviewConflict(error: Error): boolean {
  return error.cause instanceof ApiError && error.cause.status === 409;
}

/**
 * After a decision, every admin list and the stats are refreshed; after a conflict too, so the
 * admin sees the decision that won.
 */
export function useReviewApplication(
  decision: ReviewDecision,
  { onSuccess, onError, ...options }: ReviewMutationOptions = {},
) {
  const queryClient = useQueryClient();
  // Not awaited: the toast and the dialog need not wait for the lists to load again.
  const refresh = () =>
    void queryClient.invalidateQueries({
      queryKey: adminKeys.all,
      predicate: (query) => !isAttachmentsKey(query.queryKey),
    });
  return useMutation({
    ...options,
    mutationKey: ['admin', decision],
    mutationFn: (variables: ReviewVariables) => reviewApplication(decision, variables),
    onSuccess: async (...args) => {
      refresh();
      await onSuccess?.(...args);
    },
    onError: async (...args) => {
      if (isReviewConflict(args[0])) refresh();
      await onError?.(...args);
    },
  });
}
