import { randomUUID } from 'node:crypto';
import { promotePendingUpload } from '../../db/attachments';
import { deletePendingUpload, getPendingUpload } from '../../db/pending-uploads';
import { HttpError, conflict, notFound } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { loadCase } from '../cases/load';
import { toAttachmentView } from './attachment-view';
import { uploadRules } from './rules';
import { deleteObject, readObjectHead, storedObjectSize } from './storage';
import { assertCaseAcceptsFiles, assertRoomFor, assertStoredFileValid } from './verify';

/**
 * POST /api/cases/{caseId}/attachments: the browser says the upload is done; the server checks
 * the stored object and only then records the Attachment. A refused file is deleted.
 */
export const handler = httpHandler(routes.confirmCaseUpload, {
  async handle({ params, body }) {
    const bundle = await loadCase(params.caseId);
    assertCaseAcceptsFiles(bundle.case);
    const pending = await getPendingUpload(params.caseId, body.uploadId);
    if (!pending) throw notFound('Upload not found or expired. Please attach the file again.');
    const rule = uploadRules[pending.kind];

    const size = await storedObjectSize(pending.s3Key);
    if (size === null) throw conflict('The file has not been uploaded yet');
    try {
      assertRoomFor(rule, bundle.attachments);
      assertStoredFileValid(rule, {
        originalName: pending.originalName,
        contentType: pending.contentType,
        size,
        head: await readObjectHead(pending.s3Key),
      });
    } catch (error) {
      if (error instanceof HttpError) {
        await deleteObject(pending.s3Key);
        await deletePendingUpload(params.caseId, body.uploadId);
      }
      throw error;
    }

    const attachment = {
      id: randomUUID(),
      caseId: params.caseId,
      doctorApplicationId: null,
      type: rule.attachmentType,
      kind: rule.kind,
      filename: pending.filename,
      originalName: pending.originalName,
      contentType: pending.contentType,
      size,
      s3Key: pending.s3Key,
      createdAt: new Date().toISOString(),
    };
    await promotePendingUpload(pending, attachment);
    return { status: 201, body: toAttachmentView(attachment) };
  },
});
