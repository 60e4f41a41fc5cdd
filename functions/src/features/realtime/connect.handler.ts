import { TICKET_QUERY_PARAM } from '@shared/realtime/api';
import { caseConnectionIds, roomPlace, saveConnection } from '#db/connections';
import { isCrossOriginAllowed, requestHost } from '#lib/http/origin';
import { checkOriginProof } from '#lib/http/origin-proof';
import { webSocketHandler, type WebSocketConnectEvent } from '#lib/realtime/handler';
import { readRoom } from '../rooms/room-access';
import { mayHoldDoctorSeat, replaceOlderConnections } from '#lib/realtime/room-parties';
import { checkListeners } from '#lib/realtime/listeners';
import { pushPatientPresence } from './presence';
import { redeemTicket } from './tickets';

/**
 * `$connect` of `/ws`: the upgrade came through CloudFront (it carries `x-origin-verify`: nobody
 * connects to API Gateway's own address; without a configured secret nothing connects), passes
 * the cross-origin rule of state changes (a browser page of another site is refused; a client
 * that is no browser passes, as for HTTP) and carries a ticket, redeemed here once. Three kinds, three channels kept
 * apart:
 * - a provider's ticket (`POST /api/realtime/ticket`) opens an alert connection: the session it
 *   was issued to must still be live and its account active; the connection remembers both, so
 *   every push re-checks them;
 * - a room ticket (`POST /api/rooms/{meetingId}/session`) opens a room connection of that
 *   meeting and role, while the meeting is not over; the doctor's only while its provider holds
 *   the claim with a live session (it remembers both, re-checked on every message). It replaces
 *   the party's earlier room pages: they hear `ROOM_REPLACED` and are closed
 *   (docs/adr/0013-room-connections.md);
 * - a case ticket (`POST /api/cases/{caseId}/realtime-ticket`, issue 12) opens a case connection:
 *   a patient page that hears `CASE_UPDATED` of that one case; at most `MAX_CASE_CONNECTIONS`
 *   at once (issue 25: a case id must not buy an unlimited number of sockets to flood with).
 * 403 for a direct connection or a foreign origin, 401 for anything else refused, 503 when the
 * function holds no origin-verify value.
 */
/** Patient pages of one case listening at once: a patient's phone, laptop and a few tabs. */
export const MAX_CASE_CONNECTIONS = 5;

export const handler = webSocketHandler<WebSocketConnectEvent>(async (event, log) => {
  // API Gateway's authorizer checked it already (docs/adr/0011-origin-authorizer.md); checked
  // again, as for HTTP.
  const proof = await checkOriginProof(event);
  if (proof === 'unconfigured') {
    log.error('origin-verify secret missing: every connection is refused');
    return 503;
  }
  if (proof === 'refused') return 403;
  // Treated as a state change although the upgrade is a GET: it opens a connection, and
  // browsers do not hold WebSocket handshakes to the same-origin policy.
  if (!isCrossOriginAllowed(event, requestHost(event))) return 403;
  const ticket = event.queryStringParameters?.[TICKET_QUERY_PARAM];
  if (!ticket) return 401;
  const issued = await redeemTicket(ticket);
  if (!issued) return 401;
  const { connectionId } = event.requestContext;

  if ('channel' in issued && issued.channel === 'case') {
    // A count, then the write: two pages connecting at the same instant may pass one over, which
    // a cap against floods can afford.
    if ((await caseConnectionIds(issued.caseId)).length >= MAX_CASE_CONNECTIONS) return 429;
    await saveConnection({ connectionId, channel: 'case', caseId: issued.caseId });
    // The doctor holding the case sees that the patient is on the page (issue 27).
    await pushPatientPresence(issued.caseId, log);
    return 200;
  }
  if ('channel' in issued) {
    const room = await readRoom(issued.caseId, issued.meetingId);
    if (!room || room.over) return 401;
    const doctor = { providerId: issued.providerId, sessionId: issued.sessionId };
    if (issued.role === 'provider' && !(await mayHoldDoctorSeat(doctor, room.claimedBy))) {
      return 401;
    }
    const saved = await saveConnection({
      connectionId,
      channel: 'room',
      meetingId: issued.meetingId,
      caseId: issued.caseId,
      role: issued.role,
      ...(issued.role === 'provider' ? doctor : {}),
    });
    // One live page per party: this one replaces the party's earlier pages.
    await replaceOlderConnections(issued.meetingId, {
      role: issued.role,
      place: roomPlace(issued.role, saved.connectedAt, connectionId),
      providerId: issued.providerId,
    });
    return 200;
  }

  const { allowed } = await checkListeners([issued]);
  if (allowed.length === 0) return 401;
  await saveConnection({
    connectionId,
    channel: 'provider-alerts',
    providerId: issued.providerId,
    sessionId: issued.sessionId,
  });
  return 200;
});
