import { deleteConnection } from '../../db/connections';
import { webSocketHandler } from '../../lib/realtime/handler';

/** `$disconnect`: forget the connection. */
export const handler = webSocketHandler(async (event) => {
  await deleteConnection(event.requestContext.connectionId);
  return 200;
});
