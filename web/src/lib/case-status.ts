import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseStatusResponse } from '@shared/cases/api';
import { getCaseStatus as getCaseStatusRoute } from '@shared/cases/contracts';
import { ApiError, request, urlOf } from '@web/lib/api';
import { nextPollMs, retryDelayAtLeast } from '@web/lib/poll-backoff';

/** Spec doc 1 §9: the processing page polls every 2 s, the visit page every 5 s. */
export const PROCESSING_POLL_MS = 2000;
export const VISIT_POLL_MS = 5000;

export function caseStatusUrl(caseId: string): string {
  return urlOf(getCaseStatusRoute, { params: { caseId } });
}

/** `GET /api/cases/{caseId}/status`. */
export async function getCaseStatus(
  caseId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CaseStatusResponse> {
  return request(getCaseStatusRoute, { params: { caseId }, signal });
}

/** The server says the case cannot exist (400) or does not (404): asking again will not help. */
export function isUnknownCaseError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export const caseStatusQueryKey = (caseId: string) => [caseStatusUrl(caseId)];

/**
 * Polls the case status every `pollMs` while the tab is in the foreground, and once at once when
 * it comes back (issue 12). Transient failures (network, 5xx, unreadable answers) are retried and
 * polling goes on, no sooner than a busy server's `Retry-After` (lib/poll-backoff.ts); an unknown
 * case stops it.
 */
export function caseStatusQueryOptions(caseId: string, pollMs: number) {
  const polls = (error: unknown) => !isUnknownCaseError(error);
  return queryOptions({
    queryKey: caseStatusQueryKey(caseId),
    queryFn: ({ signal }) => getCaseStatus(caseId, { signal }),
    refetchInterval: (query) =>
      polls(query.state.error) ? nextPollMs(query.state, pollMs) : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (query) => (polls(query.state.error) ? 'always' : false),
    retry: (failureCount, error) => !isUnknownCaseError(error) && failureCount < 2,
    retryDelay: retryDelayAtLeast(1000),
  });
}

export function useCaseStatus(
  caseId: string,
  {
    pollMs,
    enabled = true,
  }: {
    pollMs: number;
    enabled?: boolean;
  },
) {
  return useQuery({ ...caseStatusQueryOptions(caseId, pollMs), enabled });
}
