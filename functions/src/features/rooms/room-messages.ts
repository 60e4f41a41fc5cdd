import * as z from 'zod';
import type { RoomRole } from '@shared/meetings/room';
import {
  roomHelloMessageSchema,
  roomSignalMessageSchema,
  type RoomServerMessage,
} from '@shared/meetings/signalling';
import { clientMessageSchema, type ServerMessage } from '@shared/realtime/api';
import type { RoomConnectionRecord } from '../../db/connections';
import type { Logger } from '../../lib/logger';
import { closeConnection, pushToConnection } from '../../lib/realtime/push';
import { endMeeting } from '../meetings/end';
import { readRoom } from './room-access';
import { pushToRoomRole } from './room-push';

/** What a room page may send on `/ws`: the keep-alive, its hello, and signals. */
export const roomClientMessageSchema = z.union([
  clientMessageSchema,
  roomHelloMessageSchema,
  roomSignalMessageSchema,
]);
export type RoomClientMessage = z.infer<typeof roomClientMessageSchema>;

export const otherRole = (role: RoomRole): RoomRole =>
  role === 'patient' ? 'provider' : 'patient';

/**
 * One message of a room connection (DESIGN.md §7). The meeting is read again first: a room
 * whose meeting is over relays nothing; the sender of a signal hears `SIGNAL_REFUSED` and the
 * end is made and pushed now, not when the Scheduler's backstop fires (up to a minute late).
 * - `ping` → `PONG` while the room is open;
 * - `hello` → `PEER_JOINED` to the other party (before the start too: the page learns the peer
 *   is there and negotiates once the meeting is active);
 * - `signal` → `SIGNAL` to the other party only while the meeting is active and before
 *   `endsAt`; before the start `SIGNAL_REFUSED not_started`, afterwards `ended`.
 */
export async function handleRoomMessage(
  connection: RoomConnectionRecord,
  message: RoomClientMessage,
  log: Logger,
  now = new Date(),
): Promise<void> {
  const room = await readRoom(connection.caseId, connection.meetingId, now);
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

  switch (message.action) {
    case 'ping':
      await reply({ type: 'PONG' });
      return;
    case 'hello':
      await pushToRoomRole(connection.meetingId, otherRole(connection.role), {
        type: 'PEER_JOINED',
        role: connection.role,
        peerId: message.peerId,
      });
      return;
    case 'signal':
      if (room.meeting.status !== 'active') {
        await reply({ type: 'SIGNAL_REFUSED', reason: 'not_started' });
        return;
      }
      await pushToRoomRole(connection.meetingId, otherRole(connection.role), {
        type: 'SIGNAL',
        from: connection.role,
        peerId: message.peerId,
        signal: message.signal,
      });
  }
}
