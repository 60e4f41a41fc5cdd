import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { attachmentsWithLinks } from './attachment-links';
import { loadReadableCase } from './provider-access';

/** GET /api/cases/{caseId}/attachments (provider): available or own cases only. */
export const handler = httpHandler(routes.listCaseAttachments, {
  async handle({ params, session }) {
    const { bundle } = await loadReadableCase(params.caseId, session.subjectId);
    return { body: await attachmentsWithLinks(bundle.attachments) };
  },
});
