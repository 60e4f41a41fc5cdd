import * as z from 'zod';
import { createLogger } from '#lib/logger';
import { runQueueFanOut } from './queue-fan-out-worker';

/** The worker's input: nothing (what to do is in the table, db/queue-fan-out.ts). */
export const queueFanOutInputSchema = z.object({}).strict();

/**
 * The queue's fan-out worker (issue 29, docs/adr/0028): started asynchronously by the change of
 * the queue that armed the fan-out (lib/realtime/queue-changed.ts) or by a worker handing
 * over, not by a route. An input with anything in it is not ours: logged and dropped.
 */
export async function handler(event: unknown): Promise<{ passes: number; handedOver: boolean }> {
  const log = createLogger({ route: 'realtime/fan-out-queue' });
  if (!queueFanOutInputSchema.safeParse(event).success) {
    log.error('queue fan-out input refused');
    return { passes: 0, handedOver: false };
  }
  const result = await runQueueFanOut(log);
  log.info('queue fan-out ran', result);
  return result;
}
