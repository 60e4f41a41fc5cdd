import {
  listExpiredPendingUploads,
  releasePendingUpload,
  reservePendingUpload,
  type PendingUpload,
} from '#db/pending-uploads';
import { conflict } from '#core/errors';
import type { UploadRule } from './rules';

/**
 * Records a presigned upload and takes one of the case's slots for its kind (issue 10 item 6),
 * or refuses with the spec's "too many" message. Unconfirmed uploads hold their slot; when all
 * are taken, the ones nobody confirmed in time are given back first (there is no hook on
 * DynamoDB's TTL, so expiry is applied here, where it matters).
 */
export async function reserveUploadSlot(upload: PendingUpload, rule: UploadRule): Promise<void> {
  if (await reservePendingUpload(upload, rule.maxCount)) return;
  const expired = await listExpiredPendingUploads(upload.caseId, upload.kind);
  if (expired.length === 0) throw conflict(rule.tooMany);
  for (const stale of expired) await releasePendingUpload(stale);
  if (!(await reservePendingUpload(upload, rule.maxCount))) throw conflict(rule.tooMany);
}
