import { randomUUID } from 'node:crypto';
import { promotePendingUpload } from '#db/attachments';
import { getPendingUpload, releasePendingUpload } from '#db/pending-uploads';
import { requirePatientKey } from '#lib/auth/patient-key';
import { conflict, notFound } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { loadCase } from '../cases/load';
import { toAttachmentView } from './attachment-view';
import { uploadRules } from './rules';
import { caseObjectKey, storedObjectSize } from './storage';
import { dropPendingObject, keepVerifiedCopy } from './verified-copy';
import { assertCaseAcceptsFiles, assertStoredFileValid } from './verify';

/**
 * POST /api/cases/{caseId}/attachments: the browser says the upload is done. The server copies
 * the pending object to its final key, checks the copy (size, type by signature) and only then
 * records the Attachment with the final key: what was checked is what is kept, whatever the
 * browser does to the pending object afterwards. A refused file is deleted and gives its slot
 * back. Like the upload itself, it needs the case's patient key (docs/adr/0012).
 */
export const handler = httpHandler(routes.confirmCaseUpload, {
  async handle({ params, body, event }) {
    const bundle = await loadCase(params.caseId);
    requirePatientKey(event, bundle.case);
    assertCaseAcceptsFiles(bundle.case);
    const pending = await getPendingUpload(params.caseId, body.uploadId);
    if (!pending) throw notFound('Upload not found or expired. Please attach the file again.');
    const rule = uploadRules[pending.kind];

    if ((await storedObjectSize(pending.s3Key)) === null) {
      throw conflict('The file has not been uploaded yet');
    }
    const size = await keepVerifiedCopy(
      pending,
      caseObjectKey(params.caseId, pending.uploadId),
      (file) =>
        assertStoredFileValid(rule, {
          originalName: pending.originalName,
          contentType: pending.contentType,
          ...file,
        }),
      () => releasePendingUpload(pending),
    );

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
      s3Key: caseObjectKey(params.caseId, pending.uploadId),
      createdAt: new Date().toISOString(),
    };
    await promotePendingUpload(pending, attachment);
    await dropPendingObject(pending.s3Key);
    return { status: 201, body: toAttachmentView(attachment) };
  },
});
