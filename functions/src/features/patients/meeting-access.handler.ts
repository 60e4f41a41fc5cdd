import { recordPatientAccess } from '#db/meetings';
import { requirePatientKey } from '#lib/auth/patient-key';
import { notFound } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { loadPatientCase } from './load';

export const MEETING_NOT_FOUND = 'Meeting not found';

/**
 * POST /api/patients/{patientId}/meeting-access: records when the patient joined. Only the
 * patient records it: the request needs the case's patient key (docs/adr/0012).
 */
export const handler = httpHandler(routes.recordMeetingAccess, {
  successFlag: true,
  async handle({ params, body, event }) {
    const { bundle } = await loadPatientCase(params.patientId);
    requirePatientKey(event, bundle.case);
    if (!bundle.meeting || bundle.meeting.id !== body.meetingId) throw notFound(MEETING_NOT_FOUND);
    await recordPatientAccess(bundle.case.id, body.meetingId, body.accessTime);
    return { body: { success: true } as const };
  },
});
