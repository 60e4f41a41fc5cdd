import { defineRoute } from '../../http/contract';
import { meetingParamsSchema, roomSessionRequestSchema, roomSessionResponseSchema } from '../room';

/**
 * Not in the spec's table: entering the room with the join link's token (DESIGN.md §7). Public:
 * the token is the capability, and the patient's room also needs the patient's key (403
 * `PATIENT_KEY_REQUIRED`, docs/adr/0012). 403 with `roomMessages.invalidLink` for a wrong,
 * expired or other-role token. Called again for fresh TURN credentials and a fresh `/ws` ticket.
 */
export const joinRoom = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/rooms/{meetingId}/session',
  params: meetingParamsSchema,
  body: roomSessionRequestSchema,
  response: roomSessionResponseSchema,
});
