import { randomUUID } from 'node:crypto';
import type { CreateUploadResponse } from '@shared/cases/api';
import { putPendingUpload } from '../../db/pending-uploads';
import { httpHandler } from '../../lib/http/handler';
import { rateLimitFor } from '../../lib/rate-limits';
import * as routes from '../../routes';
import { loadCase } from '../cases/load';
import { normalizeContentType, storedFilename, uploadRules } from './rules';
import { PRESIGNED_POST_SECONDS, caseObjectKey, presignUpload } from './storage';
import { assertCaseAcceptsFiles, assertUploadAllowed } from './verify';

/** POST /api/cases/{caseId}/uploads: a presigned POST for one file (DESIGN.md §6). */
export const handler = httpHandler(routes.createCaseUpload, {
  rateLimit: ({ clientIp }) => rateLimitFor('uploads', clientIp),
  async handle({ params, body }) {
    const bundle = await loadCase(params.caseId);
    assertCaseAcceptsFiles(bundle.case);
    const rule = uploadRules[body.kind];
    const contentType = normalizeContentType(body.contentType);
    assertUploadAllowed(rule, { ...body, contentType }, bundle.attachments);

    const uploadId = randomUUID();
    const now = new Date();
    const key = caseObjectKey(params.caseId, uploadId);
    const post = await presignUpload(key, contentType, rule.maxBytes);
    await putPendingUpload({
      uploadId,
      caseId: params.caseId,
      kind: body.kind,
      s3Key: key,
      originalName: body.filename,
      filename: storedFilename(body.filename, now),
      contentType,
      createdAt: now.toISOString(),
    });
    const answer: CreateUploadResponse = {
      uploadId,
      url: post.url,
      fields: post.fields,
      expiresAt: new Date(now.getTime() + PRESIGNED_POST_SECONDS * 1000).toISOString(),
    };
    return { status: 201, body: answer };
  },
});
