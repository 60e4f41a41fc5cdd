import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  type UseMutationOptions,
} from '@tanstack/react-query';
import {
  CASE_LIST_PAGE_SIZE,
  type CaseListResponse,
  type CaseListView,
  type ClaimCaseRequest,
  type ClaimCaseResponse,
} from '@shared/cases/provider-case';
import { ATTACHMENT_LINK_SECONDS } from '@shared/cases/attachments';
import { claimCase, getCaseDetails, listCaseAttachments, listCases } from '@shared/cases/contracts';
import { startMeetingTimer } from '@shared/meetings/contracts';
import { request, send } from '@web/lib/api';
import { pollEvery } from '@web/lib/poll-backoff';
import type { CaseListFilter } from '../lib/filters';
import { providerKeys } from './keys';
import { providerAuth } from './provider-auth';

/** The case list is polled every 30 seconds while a provider is signed in (spec doc 2 §7, §9). */
export const CASE_LIST_POLL_MS = 30_000;

/**
 * `GET /api/cases?view=…&search=&status=`: one list, page by page, searched and filtered by the
 * server over the whole list; 'Load more' reads on under the same filter. A refresh (poll,
 * alert, Refresh) reads the pages already shown, which is the first page unless the provider
 * asked for more.
 */
export function caseListQueryOptions(view: CaseListView, filter: CaseListFilter = {}) {
  return infiniteQueryOptions({
    queryKey: providerKeys.caseList(view, filter),
    queryFn: ({ pageParam, signal }): Promise<CaseListResponse> =>
      request(listCases, {
        query: {
          view,
          ...filter,
          limit: CASE_LIST_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
        auth: providerAuth,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: pollEvery(CASE_LIST_POLL_MS),
  });
}

/** `GET /api/cases/{caseId}/details`, only while the dialog is open. */
export function caseDetailsQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: providerKeys.details(caseId),
    queryFn: ({ signal }) =>
      request(getCaseDetails, { params: { caseId }, signal, auth: providerAuth }),
    // The join link and the status move on: read afresh each time the dialog opens.
    staleTime: 0,
    gcTime: 60_000,
  });
}

/**
 * The attachment list is read again this long after each read while the dialog is open: a
 * minute before its links expire, so a voice note played late still plays (issue 27).
 */
export const ATTACHMENT_LINK_RENEW_MS = (ATTACHMENT_LINK_SECONDS - 60) * 1000;

/**
 * `GET /api/cases/{caseId}/attachments`. Each `url` is a short-lived presigned link, so the list
 * is read afresh each time the dialog opens, renewed while it stays open (also in a hidden tab,
 * whose links expire all the same), and dropped soon after.
 */
export function caseAttachmentsQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: providerKeys.attachments(caseId),
    queryFn: ({ signal }) =>
      request(listCaseAttachments, { params: { caseId }, signal, auth: providerAuth }),
    staleTime: 0,
    gcTime: 60_000,
    refetchInterval: ATTACHMENT_LINK_RENEW_MS,
    refetchIntervalInBackground: true,
  });
}

/** `POST /api/cases/claim {caseId, providerId}`. */
export function useClaimCase(
  options: Omit<
    UseMutationOptions<ClaimCaseResponse, Error, ClaimCaseRequest>,
    'mutationFn' | 'mutationKey'
  >,
) {
  return useMutation({
    ...options,
    mutationKey: [...providerKeys.cases(), 'claim'],
    mutationFn: (body) => request(claimCase, { body, auth: providerAuth }),
  });
}

/** `POST /api/meetings/{caseId}/start-timer`: the server clock of the call (DESIGN.md §7). */
export async function startTimer(caseId: string): Promise<void> {
  await send(startMeetingTimer, { params: { caseId }, body: {}, auth: providerAuth });
}
