import { forgetConnection, roomMembers } from '#db/connections';
import { webSocketHandler } from '#lib/realtime/handler';
import { recordMediaLost } from '../meetings/media-account';
import { pushToRoomRole } from '#lib/realtime/room-push';
import { pushPatientPresence } from './presence';

/**
 * `$disconnect`: forget the connection. A room party's last connection leaving is told to the
 * other party (`PEER_LEFT`), who then stops waiting on a dead peer, and counts as that party
 * having no media now (a dropped call's lost time, docs/adr/0019-dropped-call-time.md). Kept
 * light (no schema library in this bundle): the room and the meeting's account are read field
 * by field (db/connections.ts, db/meeting-media.ts). A patient's case page closing is the
 * patient's presence (issue 27), told to the doctor holding the case: that path brings the
 * listener check's schemas into this bundle.
 */
export const handler = webSocketHandler(async (event, log) => {
  const room = await forgetConnection(event.requestContext.connectionId);
  if (room?.channel === 'case') {
    await pushPatientPresence(room.caseId, log);
    return 200;
  }
  if (room && (await roomMembers(room.meetingId, room.role)).length === 0) {
    const other = room.role === 'patient' ? 'provider' : 'patient';
    await Promise.all([
      pushToRoomRole(room.meetingId, other, { type: 'PEER_LEFT', role: room.role }),
      recordMediaLost(room),
    ]);
  }
  return 200;
});
