/**
 * The consultation room (DESIGN.md §7, issue 9). The join links of a meeting open the app's own
 * room page, `/room/{meetingId}?role=patient|provider#token=…`: the signed, expiring room token
 * travels in the URL *fragment*, which browsers never send, so it stays out of the gateway's,
 * CloudFront's and the handlers' logs. The page posts it in a JSON body to enter the room.
 */
import * as z from 'zod';
import { roomRoles } from './room-paths';

export {
  ROOM_CASE_ID_PARAM,
  ROOM_ROLE_PARAM,
  ROOM_START_PARAM,
  ROOM_TOKEN_PARAM,
  roomPath,
  roomRoles,
  roomTokenFromHash,
  type RoomRole,
} from './room-paths';

/** Who enters a room: the patient or the provider (`room-paths.ts` names them). */
export const roomRoleSchema = z.enum(roomRoles);

/** The warning the room shows when this little time is left (issue 9 item 3). */
export const MEETING_WARNING_SECONDS = 120;

export const meetingIdSchema = z.uuid({ error: 'Invalid meeting link' });
export const meetingParamsSchema = z.object({ meetingId: meetingIdSchema });

export const meetingStatusSchema = z.enum(['scheduled', 'active', 'completed', 'cancelled']);
export type MeetingStatus = z.infer<typeof meetingStatusSchema>;

/** One ICE server as `RTCPeerConnection` takes it (short-lived TURN credentials included). */
export const iceServerSchema = z.object({
  urls: z.array(z.string()).min(1),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;
/** `relay`: the relay-only setting, so neither party learns the other's address. */
export const iceTransportPolicySchema = z.enum(['all', 'relay']);
export type IceTransportPolicy = z.infer<typeof iceTransportPolicySchema>;

/** Messages of the room session route; the room page shows them as they are. */
export const roomMessages = {
  invalidLink: 'This meeting link is not valid or has expired.',
  notStarted: 'The doctor has not started the consultation yet.',
  ended: 'This consultation has ended.',
  /** The doctor's link opened in a browser without the doctor's session (issue 27 item 5). */
  providerSignIn:
    "Sign in to the provider dashboard in this browser, then come back and press 'Try Again'.",
} as const;

/** `POST /api/rooms/{meetingId}/session`: the token of the join link, in the body. */
export const roomSessionRequestSchema = z.object({
  role: roomRoleSchema,
  token: z.string({ error: roomMessages.invalidLink }).min(1).max(200),
});
export type RoomSessionRequest = z.infer<typeof roomSessionRequestSchema>;

/**
 * Everything the room needs, fetched on entry and again before every ICE restart (TURN
 * credentials live 5 minutes) and every socket reconnect (the ticket is single-use).
 * `serverTime` lets the page correct its clock: the countdown runs to `endsAt` on server time.
 */
export const roomSessionResponseSchema = z.object({
  meetingId: z.uuid(),
  caseId: z.uuid(),
  role: roomRoleSchema,
  status: meetingStatusSchema,
  /** ISO times; null until the doctor starts the meeting timer. */
  startedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().positive(),
  /** The server's clock when it answered (ISO). */
  serverTime: z.string(),
  /** The other party's display name: the doctor's name for the patient, 'Patient' otherwise. */
  peerName: z.string().nullable(),
  iceServers: z.array(iceServerSchema),
  iceTransportPolicy: iceTransportPolicySchema,
  /** A single-use ticket for `/ws?ticket=` on the room channel; null once the meeting is over. */
  ticket: z.string().nullable(),
});
export type RoomSessionResponse = z.infer<typeof roomSessionResponseSchema>;
