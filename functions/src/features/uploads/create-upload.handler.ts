import { randomUUID } from 'node:crypto';
import { releasePendingUpload, type PendingUpload } from '#db/pending-uploads';
import { requirePatientKey } from '#lib/auth/patient-key';
import { httpHandler } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { loadCase } from '../cases/load';
import { normalizeContentType, storedFilename, uploadRules } from './rules';
import { reserveUploadSlot } from './slots';
import { grantPendingUpload, pendingCaseObjectKey } from './storage';
import { assertCaseAcceptsFiles, assertUploadAllowed } from './verify';

/**
 * POST /api/cases/{caseId}/uploads: a presigned POST for one file (DESIGN.md §6), under the
 * pending prefix. The upload takes one of the case's file slots now, so unconfirmed uploads
 * count toward the limit and parallel requests cannot exceed it. Only the patient attaches files
 * to their case: the request needs the case's patient key (docs/adr/0012).
 */
export const handler = httpHandler(routes.createCaseUpload, {
  rateLimit: ({ clientIp }) => rateLimitFor('uploads', clientIp),
  async handle({ params, body, event }) {
    const bundle = await loadCase(params.caseId);
    requirePatientKey(event, bundle.case);
    assertCaseAcceptsFiles(bundle.case);
    const rule = uploadRules[body.kind];
    const contentType = normalizeContentType(body.contentType);
    assertUploadAllowed(rule, { ...body, contentType });

    const uploadId = randomUUID();
    const now = new Date();
    const pending: PendingUpload = {
      uploadId,
      caseId: params.caseId,
      kind: body.kind,
      s3Key: pendingCaseObjectKey(params.caseId, uploadId),
      originalName: body.filename,
      filename: storedFilename(body.filename, now),
      contentType,
      createdAt: now.toISOString(),
    };
    await reserveUploadSlot(pending, rule);
    const release = () => releasePendingUpload(pending);
    const answer = await grantPendingUpload(pending, rule.maxBytes, now, release);
    return { status: 201, body: answer };
  },
});
