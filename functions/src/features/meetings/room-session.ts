import { roomMessages, type RoomRole, type RoomSessionResponse } from '@shared/meetings/room';
import { PATIENT_KEY_REQUIRED } from '@shared/patients/patient-key';
import { getCaseBundle } from '#db/cases/bundle';
import { recordRoomJoinItem } from '#db/cases/call';
import { isPatientKey } from '#lib/auth/patient-key';
import { env } from '#core/env';
import { forbidden, serviceUnavailable } from '#core/errors';
import { iceConfiguration } from '#lib/ice/ice-servers';
import { errorFields, type Logger } from '#lib/logger';
import { effectiveCase } from '../cases/claim-lease';
import { issueRoomTicket } from '../realtime/tickets';
import { effectiveMeeting } from '../cases/effective-meeting';
import { verifyRoomToken } from '../cases/room-links';

/** The room's answer when TURN credentials cannot be had: the page may try again. */
export const ROOM_UNAVAILABLE = 'Unable to join the consultation at this time. Please try again.';

/** The name the doctor's room shows for the other party: never the patient's name. */
export const PATIENT_PEER_NAME = 'Patient';

/** Who asks to enter: the join link's parts, and for the doctor's room the signed-in provider. */
export interface RoomEntry {
  meetingId: string;
  role: RoomRole;
  token: string;
  /**
   * The provider signed in on this browser and that session's id (only asked for the provider
   * role): the doctor's room connection remembers both, re-checked while it lives.
   */
  provider: { id: string; sessionId: string } | null;
  /** The patient's key the request carries (only asked for the patient role, docs/adr/0012). */
  patientKey: string | null;
}

/**
 * Entering a room with a join link's token (DESIGN.md §7): the token must be this meeting's and
 * this role's, unexpired (compared in constant time); it names the case, so the meeting is one
 * read. The doctor's room also needs the session of the provider who holds the case: the
 * provider link is the same for whoever claims the case, and a claim may lapse and move to
 * another doctor. Anything else, a meeting that does not exist included, is the same 403, so
 * the route tells nobody which meeting ids exist. The answer reads the meeting as it is at `now` (past
 * `endsAt` it is completed), carries the server's clock, the ICE servers while the meeting is
 * active (docs/adr/0013-room-connections.md) and, while the meeting is not over, a single-use
 * ticket for the room channel on `/ws` (the doctor's names the provider and the session). Each
 * entry while the meeting is not over stores the party's join time on the case (docs/adr/0023).
 */
export async function openRoomSession(
  entry: RoomEntry,
  log: Logger,
  now = new Date(),
): Promise<RoomSessionResponse> {
  const { meetingId, role } = entry;
  const caseId = verifyRoomToken(meetingId, role, entry.token, now.getTime());
  const bundle = caseId ? await getCaseBundle(caseId) : null;
  if (!bundle?.meeting || bundle.meeting.id !== meetingId) {
    throw forbidden(roomMessages.invalidLink);
  }
  const meeting = effectiveMeeting(bundle.meeting, now);
  const caseRecord = effectiveCase(bundle.case, now);
  const { provider } = entry;
  // A valid doctor's link in a browser without the doctor's session: say to sign in there.
  if (role === 'provider' && !provider) throw forbidden(roomMessages.providerSignIn);
  if (role === 'provider' && caseRecord.claimedBy !== provider!.id) {
    throw forbidden(roomMessages.invalidLink);
  }
  // The patient's room needs the patient's key too: the token alone is no patient capability.
  if (role === 'patient' && !isPatientKey(entry.patientKey, caseRecord.patientKeyHash)) {
    throw forbidden(PATIENT_KEY_REQUIRED);
  }
  const over = meeting.status === 'completed' || meeting.status === 'cancelled';
  const doctor =
    role === 'provider' && provider
      ? { providerId: provider.id, sessionId: provider.sessionId }
      : {};
  const [, ice, ticket] = await Promise.all([
    // The party is in the room: a call the patient never joins ends as a no-show, one the
    // doctor never joins goes back to the queue (docs/adr/0023).
    over ? null : recordRoomJoinItem(bundle.case.id, role, now.toISOString()),
    // TURN credentials only for a call that runs (L8): none before the start or after `endsAt`;
    // the page asks again when the meeting starts.
    meeting.status === 'active'
      ? iceConfiguration(`${meetingId}-${role}`).catch((error: unknown) => {
          log.error('ICE servers unavailable', { meetingId, ...errorFields(error) });
          throw serviceUnavailable(ROOM_UNAVAILABLE);
        })
      : { iceServers: [], iceTransportPolicy: env.iceTransportPolicy },
    over
      ? null
      : issueRoomTicket({ meetingId, caseId: bundle.case.id, role, ...doctor }, now.getTime()),
  ]);
  return {
    meetingId,
    caseId: bundle.case.id,
    role,
    status: meeting.status,
    startedAt: meeting.startedAt,
    endsAt: meeting.endsAt,
    endedAt: meeting.endedAt,
    durationSeconds: durationOf(meeting.startedAt, meeting.endsAt),
    serverTime: new Date().toISOString(),
    peerName: role === 'patient' ? caseRecord.claimedByName : PATIENT_PEER_NAME,
    iceServers: ice.iceServers,
    iceTransportPolicy: ice.iceTransportPolicy,
    ticket,
  };
}

/** The started meeting's own length (the setting may have changed since), else the setting. */
function durationOf(startedAt: string | null, endsAt: string | null): number {
  if (!startedAt || !endsAt) return env.meetingDurationSeconds;
  return Math.round((Date.parse(endsAt) - Date.parse(startedAt)) / 1000);
}
