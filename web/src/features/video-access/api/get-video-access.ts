import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoAccessResponse } from '@shared/patients/api';
import { getVideoAccess as getVideoAccessRoute } from '@shared/patients/contracts';
import { request, urlOf } from '@web/lib/api';
import { patientKeyHeaders, shareKeyWithCase } from '@web/lib/patient-key';
import { pollEvery } from '@web/lib/poll-backoff';

/** Spec doc 1 §7: the video access answer is polled every 30 seconds. */
export const VIDEO_ACCESS_POLL_MS = 30_000;

export function videoAccessUrl(patientId: string): string {
  return urlOf(getVideoAccessRoute, { params: { patientId } });
}

/** `GET /api/patients/{id}/video-access`. */
export async function getVideoAccess(
  patientId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<VideoAccessResponse> {
  const access = await request(getVideoAccessRoute, {
    params: { patientId },
    headers: patientKeyHeaders(patientId),
    signal,
  });
  shareKeyWithCase(patientId, access.caseId);
  return access;
}

export const videoAccessQueryKey = (patientId: string) => [videoAccessUrl(patientId)];

/**
 * Polls every 30 seconds (with or without pushed updates: the spec's rate is the safety net's,
 * issue 12) while the tab is in the foreground, and refetches once when it comes back.
 */
export function videoAccessQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: videoAccessQueryKey(patientId),
    queryFn: ({ signal }) => getVideoAccess(patientId, { signal }),
    refetchInterval: pollEvery(VIDEO_ACCESS_POLL_MS),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
}

export function useVideoAccess(patientId: string, { enabled = true } = {}) {
  return useQuery({ ...videoAccessQueryOptions(patientId), enabled });
}
