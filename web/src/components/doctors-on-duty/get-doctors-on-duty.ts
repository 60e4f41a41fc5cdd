import { queryOptions } from '@tanstack/react-query';
import type { DoctorsOnDuty } from '@shared/providers/contracts/get-doctors-on-duty';
import { getDoctorsOnDuty as getDoctorsOnDutyRoute } from '@shared/providers/contracts';
import { request } from '@web/lib/api';
import { nextPollMs } from '@web/lib/poll-backoff';

/** How often the pages before paying ask again (issue 28 item 4). */
export const DOCTORS_ON_DUTY_POLL_MS = 15_000;

/** `GET /api/doctors-on-duty`. */
export async function getDoctorsOnDuty({
  signal,
}: { signal?: AbortSignal } = {}): Promise<DoctorsOnDuty> {
  return request(getDoctorsOnDutyRoute, { signal });
}

/**
 * Every 15 s while the page is in the foreground, and at once when it comes back (a count a
 * patient reads before paying should not be a tab's hour old); a busy server's `Retry-After`
 * spaces the polls out (lib/poll-backoff.ts). The landing and the payment-choice page share it.
 */
export function doctorsOnDutyQueryOptions() {
  return queryOptions({
    queryKey: [getDoctorsOnDutyRoute.path],
    queryFn: ({ signal }) => getDoctorsOnDuty({ signal }),
    refetchInterval: (query) => nextPollMs(query.state, DOCTORS_ON_DUTY_POLL_MS),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
}
