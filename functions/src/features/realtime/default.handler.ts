import * as z from 'zod';
import { pushToConnection } from '../../lib/realtime/push';
import { webSocketHandler } from '../../lib/realtime/handler';

const clientMessageSchema = z.object({ action: z.literal('ping') });

/**
 * `$default`: clients only ever send `{"action":"ping"}` (a keep-alive that also proves the
 * push path works); anything else is ignored with 400.
 */
export const handler = webSocketHandler(async (event) => {
  let payload: unknown;
  try {
    payload = JSON.parse(event.body ?? '');
  } catch {
    return 400;
  }
  if (!clientMessageSchema.safeParse(payload).success) return 400;
  await pushToConnection(event.requestContext.connectionId, { type: 'PONG' });
  return 200;
});
