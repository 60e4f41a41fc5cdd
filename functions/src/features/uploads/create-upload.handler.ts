import { randomUUID } from 'node:crypto';
import type { CreateUploadResponse } from '@shared/cases/api';
import { releasePendingUpload, type PendingUpload } from '../../db/pending-uploads';
import { httpHandler } from '../../lib/http/handler';
import { rateLimitFor } from '../../lib/rate-limits';
import * as routes from '../../routes';
import { loadCase } from '../cases/load';
import { normalizeContentType, storedFilename, uploadRules } from './rules';
import { reserveUploadSlot } from './slots';
import { PRESIGNED_POST_SECONDS, pendingCaseObjectKey, presignUpload } from './storage';
import { assertCaseAcceptsFiles, assertUploadAllowed } from './verify';

/**
 * POST /api/cases/{caseId}/uploads: a presigned POST for one file (DESIGN.md §6), under the
 * pending prefix. The upload takes one of the case's file slots now, so unconfirmed uploads
 * count toward the limit and parallel requests cannot exceed it.
 */
export const handler = httpHandler(routes.createCaseUpload, {
  rateLimit: ({ clientIp }) => rateLimitFor('uploads', clientIp),
  async handle({ params, body }) {
    const bundle = await loadCase(params.caseId);
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
    const post = await presignUpload(pending.s3Key, contentType, rule.maxBytes).catch(
      async (error: unknown) => {
        await releasePendingUpload(pending);
        throw error;
      },
    );
    const answer: CreateUploadResponse = {
      uploadId,
      url: post.url,
      fields: post.fields,
      expiresAt: new Date(now.getTime() + PRESIGNED_POST_SECONDS * 1000).toISOString(),
    };
    return { status: 201, body: answer };
  },
});
