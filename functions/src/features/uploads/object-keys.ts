/**
 * Browsers upload only under this prefix (issue 10 item 6). A verified file is copied to its
 * final key, which no presigned POST ever names, so nobody can replace the bytes after the
 * check. The bucket's lifecycle rule expires what is left under the prefix after a day
 * (`infra/lib/uploads-bucket.ts`).
 */
export const PENDING_PREFIX = 'pending/';

/** The final key of a case's file: where the verified copy lives and what the case stores. */
export function caseObjectKey(caseId: string, uploadId: string): string {
  return `cases/${caseId}/${uploadId}`;
}

/** Where the browser uploads a case's file before it is verified. */
export function pendingCaseObjectKey(caseId: string, uploadId: string): string {
  return `${PENDING_PREFIX}${caseObjectKey(caseId, uploadId)}`;
}

/** The final key of a doctor's application document. */
export function applicationObjectKey(applicationId: string, uploadId: string): string {
  return `applications/${applicationId}/${uploadId}`;
}

/** Where the browser uploads an application document before it is verified. */
export function pendingApplicationObjectKey(applicationId: string, uploadId: string): string {
  return `${PENDING_PREFIX}${applicationObjectKey(applicationId, uploadId)}`;
}
