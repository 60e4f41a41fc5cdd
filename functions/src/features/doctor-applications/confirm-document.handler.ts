import { randomUUID } from 'node:crypto';
import { getDoctorApplication } from '#db/doctor-applications';
import {
  getPendingDocument,
  promotePendingDocument,
  releasePendingDocument,
} from '#db/pending-documents';
import { conflict, notFound } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { toAttachmentView } from '../uploads/attachment-view';
import { applicationObjectKey, storedObjectSize } from '../uploads/storage';
import { dropPendingObject, keepVerifiedCopy } from '../uploads/verified-copy';
import { assertAcceptsDocuments, assertStoredDocumentValid } from './documents';
import { APPLICATION_NOT_FOUND } from './status-lookup';

/**
 * POST /api/doctor-applications/{applicationId}/documents `{uploadId}`: as for a case's files,
 * the pending object is copied to its final key and the copy is checked (type by signature,
 * size) before it counts as a document; a refused one is deleted and gives its slot back.
 */
export const handler = httpHandler(routes.confirmApplicationDocument, {
  async handle({ params, body }) {
    const application = await getDoctorApplication(params.applicationId);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    assertAcceptsDocuments(application);
    const pending = await getPendingDocument(application.applicationId, body.uploadId);
    if (!pending) throw notFound('Upload not found or expired. Please attach the file again.');
    if ((await storedObjectSize(pending.s3Key)) === null) {
      throw conflict('The file has not been uploaded yet');
    }

    const finalKey = applicationObjectKey(application.applicationId, pending.uploadId);
    const size = await keepVerifiedCopy(
      pending,
      finalKey,
      (file) => assertStoredDocumentValid({ contentType: pending.contentType, ...file }),
      () => releasePendingDocument(pending),
    );

    const attachment = {
      id: randomUUID(),
      caseId: null,
      doctorApplicationId: application.applicationId,
      type: pending.type,
      kind: pending.type,
      filename: pending.filename,
      originalName: pending.originalName,
      contentType: pending.contentType,
      size,
      s3Key: finalKey,
      createdAt: new Date().toISOString(),
    };
    await promotePendingDocument(pending, attachment);
    await dropPendingObject(pending.s3Key);
    return { status: 201, body: toAttachmentView(attachment) };
  },
});
