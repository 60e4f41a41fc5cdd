import { listApplicationDocuments } from '#db/application-documents';
import { getDoctorApplicationByRef } from '#db/doctor-applications';
import { notFound } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { toAttachmentView } from '../uploads/attachment-view';
import { presignDownload } from '../uploads/storage';
import { APPLICATION_NOT_FOUND } from './status-lookup';

/**
 * GET /api/doctor-applications/{applicationId}/attachments (admin): with 5-minute links. The
 * parameter is the admin list item's id or the application id; an unknown one is 404.
 */
export const handler = httpHandler(routes.listApplicationAttachments, {
  async handle({ params }) {
    const application = await getDoctorApplicationByRef(params.applicationId);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    const documents = await listApplicationDocuments(application.applicationId);
    const views = await Promise.all(
      documents.map(async (document) => ({
        ...toAttachmentView(document),
        url: await presignDownload(document.s3Key, document.originalName, document.contentType),
      })),
    );
    return { body: views };
  },
});
