import { getPatient } from '../../db/patients';
import { InvariantError } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { attachmentsWithLinks } from './attachment-links';
import { loadReadableCase } from './provider-access';
import { toProviderCaseDetails } from './provider-views';

/** GET /api/cases/{caseId}/details (provider): the details dialog, available or own cases. */
export const handler = httpHandler(routes.getCaseDetails, {
  async handle({ params, session }) {
    const { bundle, summary } = await loadReadableCase(params.caseId, session.subjectId);
    const [patient, attachments] = await Promise.all([
      getPatient(bundle.case.patientId),
      attachmentsWithLinks(bundle.attachments),
    ]);
    // Every case is written with its patient in one transaction (access pattern 9).
    if (!patient) throw new InvariantError('Patient', `PATIENT#${bundle.case.patientId}`);
    return { body: toProviderCaseDetails(summary, bundle, patient, attachments) };
  },
});
