import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attachment } from '@shared/cases/api';
import { listApplicationAttachments } from '@shared/doctor-applications/contracts';
import { request } from '@web/lib/api';
import { adminAuth } from './admin-request';
import { adminKeys } from './keys';

/**
 * `GET /api/doctor-applications/{id}/attachments`: the application's documents, by the admin
 * list item's `id` (spec doc 2 §7; the route names the parameter `applicationId`).
 */
export function getApplicationAttachments(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Attachment[]> {
  return request(listApplicationAttachments, {
    params: { applicationId: id },
    signal,
    auth: adminAuth(),
  });
}

/**
 * Each `url` is a short-lived presigned link, so the list is fetched again every time a review
 * dialog opens (stale at once) and dropped soon after it closes.
 */
export function applicationAttachmentsQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.attachments(id),
    queryFn: ({ signal }) => getApplicationAttachments(id, { signal }),
    staleTime: 0,
    gcTime: 60_000,
  });
}

export function useApplicationAttachments(id: string) {
  return useQuery(applicationAttachmentsQueryOptions(id));
}
