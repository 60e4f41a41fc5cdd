import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { linksIssuedNote, recordCaseAccess } from './access-records';
import { attachmentsWithLinks } from './attachment-links';
import { loadReadableCase } from './provider-access';

/**
 * GET /api/cases/{caseId}/attachments (provider): the provider's own cases only; every link
 * issued is recorded as an access.
 */
export const handler = httpHandler(routes.listCaseAttachments, {
  async handle({ params, session, event }) {
    const { bundle } = await loadReadableCase(params.caseId, session.subjectId);
    const attachments = await attachmentsWithLinks(bundle.attachments);
    await recordCaseAccess(
      { session, event },
      'CASE_ATTACHMENTS_VIEWED',
      [bundle.case.id],
      linksIssuedNote(attachments.map((attachment) => attachment.id)),
    );
    return { body: attachments };
  },
});
