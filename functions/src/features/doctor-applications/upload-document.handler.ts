import { randomUUID } from 'node:crypto';
import { applicationDocumentRules } from '@shared/doctor-applications/application-rules';
import { getDoctorApplication } from '#db/doctor-applications';
import { releasePendingDocument, type PendingDocument } from '#db/pending-documents';
import { notFound } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { normalizeContentType, storedFilename } from '../uploads/rules';
import { grantPendingUpload, pendingApplicationObjectKey } from '../uploads/storage';
import { assertAcceptsDocuments, assertDocumentAllowed, reserveDocumentSlot } from './documents';
import { APPLICATION_NOT_FOUND } from './status-lookup';

/**
 * POST /api/doctor-applications/{applicationId}/upload `{type, filename, contentType, size}`: a
 * presigned POST for one document under the pending prefix (issue 10 item 6: the same path as a
 * case's files, since a 5 MB file does not fit through Lambda). The browser then sends the file
 * to storage and confirms it (`confirm-document.handler.ts`).
 */
export const handler = httpHandler(routes.uploadApplicationDocument, {
  rateLimit: ({ clientIp }) => rateLimitFor('uploads', clientIp),
  async handle({ params, body }) {
    const application = await getDoctorApplication(params.applicationId);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    assertAcceptsDocuments(application);
    const contentType = normalizeContentType(body.contentType);
    assertDocumentAllowed({ contentType, size: body.size });

    const uploadId = randomUUID();
    const now = new Date();
    const document: PendingDocument = {
      uploadId,
      applicationId: application.applicationId,
      type: body.type,
      s3Key: pendingApplicationObjectKey(application.applicationId, uploadId),
      originalName: body.filename,
      filename: storedFilename(body.filename, now),
      contentType,
      createdAt: now.toISOString(),
    };
    await reserveDocumentSlot(document);
    const release = () => releasePendingDocument(document);
    const answer = await grantPendingUpload(
      document,
      applicationDocumentRules.maxBytes,
      now,
      release,
    );
    return { status: 201, body: answer };
  },
});
