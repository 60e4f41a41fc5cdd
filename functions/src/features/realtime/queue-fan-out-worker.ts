import {
  QUEUE_FAN_OUT_LEASE_MS,
  QUEUE_FAN_OUT_WINDOW_MS,
  readQueueFanOutState,
  releaseQueueFanOut,
  takeQueueChanges,
} from '#db/queue-fan-out';
import { env } from '#core/env';
import { invokeAsync } from '#lib/invoke-async';
import { errorFields, type Logger } from '#lib/logger';
import { fanOutQueue } from './queue-moves';

/** Past this, a worker's run hands over to a successor: functions time out after 15 s. */
const RUN_BUDGET_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The queue's fan-out worker (issue 29, docs/adr/0028), holding the fan-out a change armed
 * (db/queue-fan-out.ts): while the queue is dirty, one pass (`fanOutQueue`) at most every
 * `QUEUE_FAN_OUT_WINDOW_MS`, each taking every change marked before it; when a wait finds
 * nothing new, it lets go, unless a change came in between. A run that reaches
 * `RUN_BUDGET_MS` starts its successor (the lease passes on with the state) and ends.
 */
export async function runQueueFanOut(
  log: Logger,
): Promise<{ passes: number; handedOver: boolean }> {
  const started = Date.now();
  let passes = 0;
  for (;;) {
    const { lastRunAt } = await readQueueFanOutState();
    const wait = (lastRunAt ?? 0) + QUEUE_FAN_OUT_WINDOW_MS - Date.now();
    if (wait > 0) await sleep(wait);
    if (await takeQueueChanges(Date.now(), QUEUE_FAN_OUT_LEASE_MS)) {
      passes += 1;
      try {
        await fanOutQueue(log);
      } catch (error) {
        // The pages still poll every 30 s; the next change makes the next pass.
        log.warn('queue fan-out pass failed', errorFields(error));
      }
      if (Date.now() - started >= RUN_BUDGET_MS) {
        await invokeAsync(env.queueFanOutTargetArn, {});
        return { passes, handedOver: true };
      }
    } else if (await releaseQueueFanOut()) {
      return { passes, handedOver: false };
    }
  }
}
