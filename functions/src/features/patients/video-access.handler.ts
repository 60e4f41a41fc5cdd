import { holdsPatientKey } from '#lib/auth/patient-key';
import { httpHandler } from '#lib/http/handler';
import { linkOnOrigin, pageOrigin } from '#lib/http/origin';
import * as routes from '#routes';
import { loadPatientCase } from './load';
import { toVideoAccess } from './views';

/** GET /api/patients/{patientId}/video-access: polled every 30 s. */
export const handler = httpHandler(routes.getVideoAccess, {
  async handle({ params, event }) {
    const { bundle } = await loadPatientCase(params.patientId);
    const body = toVideoAccess(bundle, { patient: holdsPatientKey(event, bundle.case) });
    if (!body.meetingInfo) return { body };
    const meetingUrl = linkOnOrigin(body.meetingInfo.meetingUrl, pageOrigin(event));
    return { body: { ...body, meetingInfo: { ...body.meetingInfo, meetingUrl } } };
  },
});
