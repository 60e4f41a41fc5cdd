import { saveConnection } from '../../db/connections';
import { webSocketHandler } from '../../lib/realtime/handler';

/** `$connect`: remember the connection so alerts can reach it. */
export const handler = webSocketHandler(async (event) => {
  await saveConnection(event.requestContext.connectionId);
  return 200;
});
