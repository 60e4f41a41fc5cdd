import * as z from 'zod';
import {
  roomHelloMessageSchema,
  roomMediaMessageSchema,
  roomSignalMessageSchema,
  type RoomServerMessage,
} from '@shared/meetings/signalling';
import { pingMessageSchema, type ServerMessage } from '@shared/realtime/api';
import { roomMembers, roomPlace, type RoomConnectionRecord } from '#db/connections';
import type { Logger } from '#lib/logger';
import { closeConnection, pushToConnection } from '#lib/realtime/push';
import { endMeeting } from '../meetings/end';
import { handleMediaReport } from '../meetings/media-report';
import { readRoom } from './room-access';
import {
  mayHoldDoctorSeat,
  newestOf,
  replaceConnection,
  seatedDoctor,
} from '#lib/realtime/room-parties';

/** What a room page may send on `/ws`: the keep-alive, its hello, signals and media reports. */
export const roomClientMessageSchema = z.union([
  pingMessageSchema,
  roomHelloMessageSchema,
  roomSignalMessageSchema,
  roomMediaMessageSchema,
]);
export type RoomClientMessage = z.infer<typeof roomClientMessageSchema>;

/**
 * One message of a room connection (DESIGN.md §7, docs/adr/0013-room-connections.md). The
 * meeting and case are read again first: a room whose meeting is over relays nothing; the
 * sender of a signal hears `SIGNAL_REFUSED` and the end is made and pushed now, not when the
 * Scheduler's backstop fires (up to a minute late). Then the sender must still be in the room:
 * a doctor's connection whose claim, session or account ended is closed; a page that a newer
 * page of the same party replaced hears `ROOM_REPLACED` and is closed. Relays go to the other
 * party's current connection only (a doctor's re-checked the same way), never to every page.
 * - `ping` → `PONG` while the room is open;
 * - `hello` → `PEER_JOINED` to the other party (before the start too: the page learns the peer
 *   is there and negotiates once the meeting is active);
 * - `signal` → `SIGNAL` to the other party only while the meeting is active and before
 *   `endsAt`; before the start `SIGNAL_REFUSED not_started`, afterwards `ended`;
 * - `media` → the dropped-call account (features/meetings/media-report.ts), which may move
 *   `endsAt` once; ignored unless the meeting runs, and never answered.
 */
export async function handleRoomMessage(
  connection: RoomConnectionRecord,
  message: RoomClientMessage,
  log: Logger,
  now = new Date(),
): Promise<void> {
  // Read together: a room message waits for no more round trips than before these checks.
  const [room, members] = await Promise.all([
    readRoom(connection.caseId, connection.meetingId, now),
    roomMembers(connection.meetingId),
  ]);
  if (!room) {
    await closeConnection(connection.connectionId);
    return;
  }
  const reply = (answer: RoomServerMessage | ServerMessage) =>
    pushToConnection(connection.connectionId, answer);

  if (room.over) {
    if (message.action === 'signal') await reply({ type: 'SIGNAL_REFUSED', reason: 'ended' });
    if (room.meeting.status === 'cancelled') {
      await closeConnection(connection.connectionId);
      return;
    }
    // Stores the end if it is still due, pushes MEETING_ENDED and closes the room (idempotent).
    await endMeeting(connection.caseId, 'timer', log, now);
    return;
  }

  const fromDoctor = connection.role === 'provider';
  if (fromDoctor && !(await mayHoldDoctorSeat(connection, room.claimedBy, now.getTime()))) {
    await closeConnection(connection.connectionId);
    return;
  }
  const newest = newestOf(members, connection.role);
  // Not on the list yet (the index lags its table a little) counts as current.
  if (
    newest &&
    newest.place > roomPlace(connection.role, connection.connectedAt, connection.connectionId)
  ) {
    await replaceConnection({ ...connection, place: '' }, newest);
    return;
  }
  if (message.action === 'ping') {
    await reply({ type: 'PONG' });
    return;
  }
  // The other party's current page; the doctor's only while it may hold the seat.
  const peer = fromDoctor
    ? newestOf(members, 'patient')
    : await seatedDoctor(newestOf(members, 'provider'), room.claimedBy, now.getTime());

  switch (message.action) {
    case 'media':
      await handleMediaReport(connection, message.flowing, log, now);
      return;
    case 'hello':
      if (peer) {
        await pushToConnection(peer.connectionId, {
          type: 'PEER_JOINED',
          role: connection.role,
          peerId: message.peerId,
        } satisfies RoomServerMessage);
      }
      return;
    case 'signal':
      if (room.meeting.status !== 'active') {
        await reply({ type: 'SIGNAL_REFUSED', reason: 'not_started' });
        return;
      }
      if (peer) {
        await pushToConnection(peer.connectionId, {
          type: 'SIGNAL',
          from: connection.role,
          peerId: message.peerId,
          // The recipient page drops a signal meant for another page and a late description.
          to: message.to,
          seq: message.seq,
          signal: message.signal,
        } satisfies RoomServerMessage);
      }
  }
}
