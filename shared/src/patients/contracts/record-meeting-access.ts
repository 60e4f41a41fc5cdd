import { defineRoute } from '../../http/contract';
import {
  meetingAccessRequestSchema,
  meetingAccessResponseSchema,
  patientParamsSchema,
} from '../api';

/** Sent when the patient joins the call. */
export const recordMeetingAccess = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/patients/{patientId}/meeting-access',
  params: patientParamsSchema,
  body: meetingAccessRequestSchema,
  response: meetingAccessResponseSchema,
});
