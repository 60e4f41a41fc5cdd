import { TICKET_QUERY_PARAM } from '@shared/realtime/api';
import { saveConnection } from '../../db/connections';
import { isAppOrigin } from '../../lib/http/origin';
import { header } from '../../lib/http/request';
import { webSocketHandler, type WebSocketConnectEvent } from '../../lib/realtime/handler';
import { checkListeners } from './listeners';
import { redeemTicket } from './tickets';

/**
 * `$connect` of the provider alert channel: the upgrade must come from the app's pages (Origin)
 * and carry a ticket from `POST /api/realtime/ticket`, redeemed here once. The session it was
 * issued to must still be live and its account active; the connection then remembers both, so
 * every push re-checks them. 403 for a foreign origin, 401 for anything else refused.
 */
export const handler = webSocketHandler<WebSocketConnectEvent>(async (event) => {
  const host = header(event, 'host') ?? event.requestContext.domainName;
  if (!isAppOrigin(header(event, 'origin'), host)) return 403;
  const ticket = event.queryStringParameters?.[TICKET_QUERY_PARAM];
  if (!ticket) return 401;
  const issued = await redeemTicket(ticket);
  if (!issued) return 401;
  const { allowed } = await checkListeners([issued]);
  if (allowed.length === 0) return 401;
  await saveConnection({
    connectionId: event.requestContext.connectionId,
    channel: 'provider-alerts',
    providerId: issued.providerId,
    sessionId: issued.sessionId,
  });
  return 200;
});
