import type { RoomRole } from '@shared/meetings/room';
import type { RoomServerMessage } from '@shared/meetings/signalling';
import { roomMembers, type RoomMember } from '#db/connections';
import { settleWithLimit } from '../concurrency';
import { closeConnection, pushToConnection } from './push';
import { checkListeners } from './listeners';

/**
 * Who is in a room (docs/adr/0013-room-connections.md): each party has one live room page, its
 * newest connection; a page opened later replaced the ones before. The doctor's connection
 * counts only while its provider holds the case's claim, its session is live and its account
 * active: checked again for every message sent to or from it, not once at entry.
 */

/** A connection that says who entered as the doctor (the provider and the session). */
export interface DoctorEntry {
  providerId?: string | undefined;
  sessionId?: string | undefined;
}

/**
 * May this doctor's connection still send or hear anything? Its provider holds the claim at
 * `now` (`claimedBy`, read with the room), its session is live and its account active (two
 * batched reads, as for an alert socket).
 */
export async function mayHoldDoctorSeat(
  entry: DoctorEntry,
  claimedBy: string | null,
  now = Date.now(),
): Promise<boolean> {
  const { providerId, sessionId } = entry;
  if (!providerId || !sessionId || providerId !== claimedBy) return false;
  const { allowed } = await checkListeners([{ providerId, sessionId }], now);
  return allowed.length > 0;
}

/** Each role's newest connection of a room, from its list (oldest first within a role). */
export function newestOf(members: readonly RoomMember[], role: RoomRole): RoomMember | null {
  return members.filter((member) => member.role === role).at(-1) ?? null;
}

/**
 * Tells an older page of a party that a newer one took its place, and closes it. A page of
 * another provider (a claim that moved) is closed without the message: it was not replaced by
 * itself.
 */
export async function replaceConnection(
  old: RoomMember,
  by: { providerId?: string | undefined },
): Promise<void> {
  if (old.role === 'patient' || old.providerId === by.providerId) {
    const message: RoomServerMessage = { type: 'ROOM_REPLACED' };
    await pushToConnection(old.connectionId, message);
  }
  await closeConnection(old.connectionId);
}

/** A room's pages of two parties, and a few stale ones at most: a small fan-out. */
const REPLACE_CONCURRENCY = 4;

/**
 * A new connection of a party joined the room: every older connection of that party is
 * replaced. Compared by place, not by presence in the list: the index may not show the new
 * connection yet.
 */
export async function replaceOlderConnections(
  meetingId: string,
  newcomer: { role: RoomRole; place: string; providerId?: string | undefined },
): Promise<void> {
  const older = (await roomMembers(meetingId, newcomer.role)).filter(
    (member) => member.place < newcomer.place,
  );
  const results = await settleWithLimit(older, REPLACE_CONCURRENCY, (member) =>
    replaceConnection(member, newcomer),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * The current connection of each party that may hear the room now: the patient's newest, and
 * the doctor's newest while it may hold the seat (`mayHoldDoctorSeat`). A doctor's newest that
 * may not is closed here: it outlived its claim, session or account.
 */
export async function currentParties(
  meetingId: string,
  claimedBy: string | null,
  now = Date.now(),
): Promise<Record<RoomRole, RoomMember | null>> {
  const members = await roomMembers(meetingId);
  return {
    patient: newestOf(members, 'patient'),
    provider: await seatedDoctor(newestOf(members, 'provider'), claimedBy, now),
  };
}

/** The doctor's connection if it may still hear the room; closed (and null) otherwise. */
export async function seatedDoctor(
  doctor: RoomMember | null,
  claimedBy: string | null,
  now = Date.now(),
): Promise<RoomMember | null> {
  if (!doctor) return null;
  if (await mayHoldDoctorSeat(doctor, claimedBy, now)) return doctor;
  await closeConnection(doctor.connectionId);
  return null;
}

/**
 * Sends a message to each party's current connection (the start of the meeting): never to a
 * page that was replaced, nor to a doctor's connection whose claim, session or account ended.
 */
export async function pushToParties(
  meetingId: string,
  claimedBy: string | null,
  message: RoomServerMessage,
): Promise<void> {
  const parties = await currentParties(meetingId, claimedBy);
  const targets = [parties.patient, parties.provider].flatMap((member) => (member ? [member] : []));
  const results = await settleWithLimit(targets, REPLACE_CONCURRENCY, (member) =>
    pushToConnection(member.connectionId, message),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Closes doctor's room connections whose access ended (a lapsed claim, a sign-out, a password
 * change, a withdrawn approval) and tells each room's patient page that the doctor left, as
 * `$disconnect` would (the connection is forgotten here, so `$disconnect` finds nothing).
 * Answers how many could not be closed.
 */
export async function dismissDoctorConnections(
  connections: readonly { connectionId: string; meetingId: string }[],
): Promise<number> {
  const closed = await settleWithLimit(connections, REPLACE_CONCURRENCY, (connection) =>
    closeConnection(connection.connectionId),
  );
  const meetingIds = [...new Set(connections.map((connection) => connection.meetingId))];
  const left: RoomServerMessage = { type: 'PEER_LEFT', role: 'provider' };
  const told = await settleWithLimit(meetingIds, REPLACE_CONCURRENCY, async (meetingId) => {
    const patient = newestOf(await roomMembers(meetingId, 'patient'), 'patient');
    if (patient) await pushToConnection(patient.connectionId, left);
  });
  return [...closed, ...told].filter((result) => result.status === 'rejected').length;
}

/** A lapsed claim's doctor leaves the room: that provider's room connections of the meeting. */
export async function dismissLapsedDoctor(meetingId: string, providerId: string): Promise<number> {
  const doctors = (await roomMembers(meetingId, 'provider')).filter(
    (member) => member.providerId === providerId,
  );
  return dismissDoctorConnections(doctors.map((member) => ({ ...member, meetingId })));
}
