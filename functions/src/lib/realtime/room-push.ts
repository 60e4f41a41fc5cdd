import type { RoomRole } from '@shared/meetings/room';
import type { RoomServerMessage } from '@shared/meetings/signalling';
import { roomMembers, type RoomMember } from '#db/connections';
import { settleWithLimit } from '../concurrency';
import { closeConnection, pushToConnection } from './push';

/** A room has two parties, each with a page or two: a small fan-out. */
const ROOM_PUSH_CONCURRENCY = 8;

async function pushToMembers(members: RoomMember[], message: RoomServerMessage): Promise<void> {
  const results = await settleWithLimit(members, ROOM_PUSH_CONCURRENCY, (member) =>
    pushToConnection(member.connectionId, message),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Sends a message to every connection of a meeting's room (both parties). The re-check before a
 * push (DESIGN.md §6) is the caller's, from the meeting it just read or wrote: signals and
 * hellos are relayed only while the meeting is live (realtime/default.handler.ts), the start
 * and the end are pushed by the transitions themselves. Room connections are
 * on their meeting's list only, never on the provider alert list. A connection gone (410) is
 * forgotten by the push; another failure is thrown after the others were tried.
 */
export async function pushToRoom(meetingId: string, message: RoomServerMessage): Promise<void> {
  await pushToMembers(await roomMembers(meetingId), message);
}

/** Sends a message to one party's connections of a room (the other party's relay). */
export async function pushToRoomRole(
  meetingId: string,
  role: RoomRole,
  message: RoomServerMessage,
): Promise<void> {
  await pushToMembers(await roomMembers(meetingId, role), message);
}

/**
 * Closes every connection of a room (the meeting is over, DESIGN.md §6) and forgets them, so
 * nothing more reaches or leaves the room. Connections already gone are not an error.
 */
export async function closeRoom(meetingId: string): Promise<void> {
  const members = await roomMembers(meetingId);
  const results = await settleWithLimit(members, ROOM_PUSH_CONCURRENCY, (member) =>
    closeConnection(member.connectionId),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
