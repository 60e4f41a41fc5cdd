import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { attachmentSchema, type Attachment } from '@shared/cases/api';
import { adminGet } from './admin-request';
import { adminKeys } from './keys';

export function applicationAttachmentsUrl(applicationId: string): string {
  return `/api/doctor-applications/${encodeURIComponent(applicationId)}/attachments`;
}

const attachmentListSchema = z.array(attachmentSchema);

/** `GET /api/doctor-applications/{applicationId}/attachments`: the application's documents. */
export function getApplicationAttachments(
  applicationId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Attachment[]> {
  return adminGet(applicationAttachmentsUrl(applicationId), attachmentListSchema, { signal });
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
