import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attachment } from '@shared/cases/api';
import { listApplicationAttachments } from '@shared/doctor-applications/contracts';
import { request } from '@web/lib/api';
import { adminAuth } from './admin-request';
import { adminKeys } from './keys';

/** `GET /api/doctor-applications/{applicationId}/attachments`: the application's documents. */
export function getApplicationAttachments(
  applicationId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Attachment[]> {
  return request(listApplicationAttachments, {
    params: { applicationId },
    signal,
    auth: adminAuth(),
  });
}

/**
 * Each `url` is a short-lived presigned link, so the list is fetched again every time a review
 * dialog opens (stale at once) and dropped soon after it closes.
 */
export function applicationAttachmentsQueryOptions(applicationId: string) {
  return queryOptions({
    queryKey: adminKeys.attachments(applicationId),
    queryFn: ({ signal }) => getApplicationAttachments(applicationId, { signal }),
    staleTime: 0,
    gcTime: 60_000,
  });
}

export function useApplicationAttachments(applicationId: string) {
  return useQuery(applicationAttachmentsQueryOptions(applicationId));
}
