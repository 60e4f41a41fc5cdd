import { holdsPatientKey } from '#lib/auth/patient-key';
import { httpHandler } from '#lib/http/handler';
import { linkOnOrigin, pageOrigin } from '#lib/http/origin';
import * as routes from '#routes';
import { loadCase } from './load';
import { toCaseStatusResponse } from './views';

/**
 * GET /api/cases/{caseId}/status: polled every 2 s (processing) or 5 s (visit page). Public; the
 * patient's join link only with the patient's key (docs/adr/0012).
 */
export const handler = httpHandler(routes.getCaseStatus, {
  async handle({ params, event }) {
    const bundle = await loadCase(params.caseId);
    const body = toCaseStatusResponse(bundle, { patient: holdsPatientKey(event, bundle.case) });
    // Without the patient's key there is no link to move: no page origin to work out.
    if (!body.meeting?.patientJoinUrl) return { body };
    const patientJoinUrl = linkOnOrigin(body.meeting.patientJoinUrl, pageOrigin(event));
    return { body: { ...body, meeting: { ...body.meeting, patientJoinUrl } } };
  },
});
