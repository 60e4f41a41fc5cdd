import { listApplicationDocuments } from '../../db/application-documents';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { toAttachmentView } from '../uploads/attachment-view';
import { presignDownload } from '../uploads/storage';

/** GET /api/doctor-applications/{applicationId}/attachments (admin): with 5-minute links. */
export const handler = httpHandler(routes.listApplicationAttachments, {
  async handle({ params }) {
    const documents = await listApplicationDocuments(params.applicationId);
    const views = await Promise.all(
      documents.map(async (document) => ({
        ...toAttachmentView(document),
        url: await presignDownload(document.s3Key, document.originalName, document.contentType),
      })),
    );
    return { body: views };
  },
});
