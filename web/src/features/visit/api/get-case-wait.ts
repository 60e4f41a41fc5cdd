import { queryOptions } from '@tanstack/react-query';
import { getCaseWait as getCaseWaitRoute } from '@shared/cases/contracts';
import type { CaseWaitResponse } from '@shared/cases/queue-wait';
import { PUSHED_PAGE_POLL_MS } from '@shared/realtime/api';
import { request, urlOf } from '@web/lib/api';
import { patientKeyHeaders } from '@web/lib/patient-key';

/** `GET /api/cases/{caseId}/wait` with the patient's key (docs/adr/0012). */
export function getCaseWait(
  caseId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CaseWaitResponse> {
  return request(getCaseWaitRoute, {
    params: { caseId },
    headers: patientKeyHeaders(caseId),
    signal,
  });
}

export const caseWaitQueryKey = (caseId: string) => [
  urlOf(getCaseWaitRoute, { params: { caseId } }),
];

/**
 * The waiting room's place and estimate. Refetched on push (`QUEUE_MOVED`, `CASE_UPDATED`); the
 * 30-second poll is the safety net for a push lost on the way (as the status's while pushed).
 */
export function caseWaitQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: caseWaitQueryKey(caseId),
    queryFn: ({ signal }) => getCaseWait(caseId, { signal }),
    refetchInterval: PUSHED_PAGE_POLL_MS,
  });
}
