import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseStatusResponse } from '@shared/cases/api';
import type { CaseStatus } from '@shared/cases/status';
import { getCaseStatus as getCaseStatusRoute } from '@shared/cases/contracts';
import { CONSULTATION_FEE_LABEL } from '@shared/payments/constants';
import { ApiError, request, urlOf } from '@web/lib/api';
import { patientKeyHeaders } from '@web/lib/patient-key';
import { nextPollMs, retryDelayAtLeast } from '@web/lib/poll-backoff';

/** Spec doc 1 §9: the processing page polls every 2 s, the visit page every 5 s. */
export const PROCESSING_POLL_MS = 2000;
export const VISIT_POLL_MS = 5000;

export function caseStatusUrl(caseId: string): string {
  return urlOf(getCaseStatusRoute, { params: { caseId } });
}

/**
 * `GET /api/cases/{caseId}/status`, with the patient's key when this browser holds it: only then
 * does the answer carry the patient's join link (docs/adr/0012).
 */
export async function getCaseStatus(
  caseId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CaseStatusResponse> {
  return request(getCaseStatusRoute, {
    params: { caseId },
    headers: patientKeyHeaders(caseId),
    signal,
  });
}

/** The server says the case cannot exist (400) or does not (404): asking again will not help. */
export function isUnknownCaseError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export const caseStatusQueryKey = (caseId: string) => [caseStatusUrl(caseId)];

/** Where a case stands for its payment: not paid yet, paid (or further along), or closed. */
export type PaymentStage = 'unpaid' | 'paid' | 'closed';

/**
 * Every stored status's payment stage. A record over the shared status type, so a status added
 * to the state machine (DESIGN.md §5) does not compile until it is placed here.
 */
export const paymentStageOf: Readonly<Record<CaseStatus, PaymentStage>> = {
  awaiting_payment: 'unpaid',
  paid: 'paid',
  claimed: 'paid',
  in_call: 'paid',
  completed: 'paid',
  expired: 'closed',
  cancelled: 'closed',
};

/**
 * The §7 retry settings of the status query: the processing screen polls "with retries"; the
 * visit page is not given any, so it keeps the query client's default (never retried).
 */
export const PROCESSING_STATUS_RETRY = {
  retry: (failureCount: number, error: unknown) => !isUnknownCaseError(error) && failureCount < 2,
  retryDelay: retryDelayAtLeast(1000),
};

export type CaseStatusRetry = typeof PROCESSING_STATUS_RETRY;

/**
 * Polls the case status every `pollMs` while the tab is in the foreground, and once at once when
 * it comes back (issue 12). Polling goes on after transient failures (network, 5xx, unreadable
 * answers), no sooner than a busy server's `Retry-After` (lib/poll-backoff.ts); an unknown case
 * stops it. A failed request is retried only with `retry` ({@link PROCESSING_STATUS_RETRY}).
 */
export function caseStatusQueryOptions(
  caseId: string,
  pollMs: number,
  retry: CaseStatusRetry | null = null,
) {
  const polls = (error: unknown) => !isUnknownCaseError(error);
  return queryOptions({
    queryKey: caseStatusQueryKey(caseId),
    queryFn: ({ signal }) => getCaseStatus(caseId, { signal }),
    refetchInterval: (query) =>
      polls(query.state.error) ? nextPollMs(query.state, pollMs) : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (query) => (polls(query.state.error) ? 'always' : false),
    ...retry,
  });
}

export function useCaseStatus(
  caseId: string,
  {
    pollMs,
    retry = null,
    enabled = true,
  }: {
    pollMs: number;
    retry?: CaseStatusRetry | null;
    enabled?: boolean;
  },
) {
  return useQuery({ ...caseStatusQueryOptions(caseId, pollMs, retry), enabled });
}

/**
 * The refund of an expired case (issue 9 item 6): the server refunds the fee in full through
 * Stripe and reports where that stands (the visit page's status card, the processing page).
 */
export function refundLine(refund: CaseStatusResponse['refund']): string | null {
  switch (refund?.status) {
    case 'pending':
      return `Your payment of ${CONSULTATION_FEE_LABEL} is being refunded in full.`;
    case 'succeeded':
      return `Your payment of ${CONSULTATION_FEE_LABEL} has been refunded in full.`;
    case 'failed':
      return `We could not refund your payment of ${CONSULTATION_FEE_LABEL} automatically. Please contact support.`;
    default:
      return null;
  }
}
