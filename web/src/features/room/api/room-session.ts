import { endMeeting, joinRoom, startMeetingTimer } from '@shared/meetings/contracts';
import type { StartMeetingTimerResponse } from '@shared/meetings/timer';
import type { RoomRole, RoomSessionResponse } from '@shared/meetings/room';
import { caseIdOfRoomToken } from '@shared/patients/patient-key';
import { request } from '@web/lib/api';
import { patientKeyHeaders } from '@web/lib/patient-key';
import { clockOffsetMs } from '../lib/server-clock';

/** A fresh session for a reconnect or a restart gives up after this long (a dead connection). */
export const SESSION_FETCH_TIMEOUT_MS = 5_000;
/**
 * ...and while it has not answered, another starts every 600 ms, up to seven side by side
 * (lib/hedged.ts: after a silent network change the browser's pooled connections are dead, up
 * to six per host). A healthy answer usually comes within that time, so nothing else is sent;
 * a slow one may bring a second session (a second TURN credential) at worst.
 */
export const SESSION_FETCH_HEDGE = { everyMs: 600, max: 7, timeoutMs: SESSION_FETCH_TIMEOUT_MS };

export interface RoomSession {
  session: RoomSessionResponse;
  /** Server time minus device time, measured on this request (lib/server-clock.ts). */
  offsetMs: number;
}

/**
 * `POST /api/rooms/{meetingId}/session` with the join link's token in the body (DESIGN.md §7):
 * on entry, and again for fresh TURN credentials and a fresh `/ws` ticket. The patient's room
 * also sends the patient's key this browser holds for the token's case (docs/adr/0012).
 */
export async function fetchRoomSession(
  meetingId: string,
  role: RoomRole,
  token: string,
  signal?: AbortSignal,
): Promise<RoomSession> {
  const sentAt = Date.now();
  const session = await request(joinRoom, {
    params: { meetingId },
    body: { role, token },
    headers: role === 'patient' ? patientKeyHeaders(caseIdOfRoomToken(token) ?? '') : {},
    ...(signal ? { signal } : {}),
  });
  return { session, offsetMs: clockOffsetMs(session.serverTime, sentAt, Date.now()) };
}

/**
 * 'End Call' (`POST /api/meetings/{caseId}/end`): the provider's session cookie is the
 * credential, as on the dashboard.
 */
export async function endCall(caseId: string): Promise<void> {
  await request(endMeeting, { params: { caseId } });
}

/**
 * The doctor's 'Start Meeting (15-Min Timer)' from the room, when the dashboard's start did not
 * get through (a failure there only logs, spec doc 2 §7). Idempotent on the server.
 */
export async function startTimer(caseId: string): Promise<StartMeetingTimerResponse> {
  return request(startMeetingTimer, { params: { caseId } });
}
