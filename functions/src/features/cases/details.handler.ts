import { getPatient, PATIENT_ENTITY, patientKey } from '#db/patients';
import { InvariantError } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import { linkOnOrigin, pageOrigin } from '#lib/http/origin';
import * as routes from '#routes';
import { linksIssuedNote, recordCaseAccess } from './access-records';
import { attachmentsWithLinks } from './attachment-links';
import { loadReadableCase } from './provider-access';
import { toProviderCaseDetails } from './provider-views';

/**
 * GET /api/cases/{caseId}/details (provider): the details dialog of the provider's own case
 * (spec doc 2 §6); each answer is recorded as an access (patient, summary, file links).
 */
export const handler = httpHandler(routes.getCaseDetails, {
  async handle({ params, session, event }) {
    const { bundle, summary } = await loadReadableCase(params.caseId, session.subjectId);
    const [patient, attachments] = await Promise.all([
      getPatient(bundle.case.patientId),
      attachmentsWithLinks(bundle.attachments),
    ]);
    // Every case is written with its patient in one transaction (access pattern 9).
    if (!patient) {
      throw new InvariantError(PATIENT_ENTITY, patientKey(bundle.case.patientId).pk);
    }
    await recordCaseAccess(
      { session, event },
      'CASE_DETAILS_VIEWED',
      [bundle.case.id],
      linksIssuedNote(attachments.map((attachment) => attachment.id)),
    );
    const body = toProviderCaseDetails(summary, bundle, patient, attachments);
    if (!body.meeting) return { body };
    const providerJoinUrl = linkOnOrigin(body.meeting.providerJoinUrl, pageOrigin(event));
    return { body: { ...body, meeting: { ...body.meeting, providerJoinUrl } } };
  },
});
