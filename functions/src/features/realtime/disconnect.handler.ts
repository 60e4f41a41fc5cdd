import { deleteConnectionInRoom, roomMembers } from '../../db/connections';
import { webSocketHandler } from '../../lib/realtime/handler';
import { pushToRoomRole } from '../rooms/room-push';

/**
 * `$disconnect`: forget the connection. A room party's last connection leaving is told to the
 * other party (`PEER_LEFT`), who then stops waiting on a dead peer. Kept light (no schema
 * library in this bundle): the room is read field by field (db/connections.ts).
 */
export const handler = webSocketHandler(async (event) => {
  const room = await deleteConnectionInRoom(event.requestContext.connectionId);
  if (room && (await roomMembers(room.meetingId, room.role)).length === 0) {
    const other = room.role === 'patient' ? 'provider' : 'patient';
    await pushToRoomRole(room.meetingId, other, { type: 'PEER_LEFT', role: room.role });
  }
  return 200;
});
