import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentVerificationResponse } from '@shared/patients/api';
import { getPaymentVerification as getPaymentVerificationRoute } from '@shared/patients/contracts';
import { request, urlOf } from '@web/lib/api';
import { patientKeyHeaders, shareKeyWithCase } from '@web/lib/patient-key';
import { nextPollMs } from '@web/lib/poll-backoff';

/** Spec doc 1 §9: the verification page polls every second while it is in the foreground. */
export const PAYMENT_VERIFICATION_POLL_MS = 1000;

export function paymentVerificationUrl(patientId: string): string {
  return urlOf(getPaymentVerificationRoute, { params: { patientId } });
}

/** `GET /api/patients/{id}/payment-verification`. */
export async function getPaymentVerification(
  patientId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PaymentVerificationResponse> {
  const verification = await request(getPaymentVerificationRoute, {
    params: { patientId },
    headers: patientKeyHeaders(patientId),
    signal,
  });
  shareKeyWithCase(patientId, verification.caseId);
  return verification;
}

/** Nothing left to wait for: paid, meeting created and a provider assigned. */
export function isVerificationSettled(data: PaymentVerificationResponse | undefined): boolean {
  return Boolean(data?.paymentVerified && data.meetingCreated && data.providerAssigned);
}

export const paymentVerificationQueryKey = (patientId: string) => [
  paymentVerificationUrl(patientId),
];

/**
 * Polls every `pollMs` (the spec's second, or the 30-second safety net while the case's updates
 * are pushed, issue 12) until everything is ready. TanStack Query skips interval refetches while
 * `document.visibilityState` is `hidden` (`refetchIntervalInBackground: false`), so the page
 * polls only while it is in the foreground, and refetches once when it comes back; a busy
 * server's `Retry-After` spaces the polls out (lib/poll-backoff.ts).
 */
export function paymentVerificationQueryOptions(
  patientId: string,
  pollMs = PAYMENT_VERIFICATION_POLL_MS,
) {
  return queryOptions({
    queryKey: paymentVerificationQueryKey(patientId),
    queryFn: ({ signal }) => getPaymentVerification(patientId, { signal }),
    refetchInterval: (query) =>
      isVerificationSettled(query.state.data) ? false : nextPollMs(query.state, pollMs),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (query) => (isVerificationSettled(query.state.data) ? false : 'always'),
  });
}

export function usePaymentVerification(
  patientId: string,
  { enabled = true, pollMs = PAYMENT_VERIFICATION_POLL_MS } = {},
) {
  return useQuery({ ...paymentVerificationQueryOptions(patientId, pollMs), enabled });
}
