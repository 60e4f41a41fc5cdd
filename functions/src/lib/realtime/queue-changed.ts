import {
  armQueueFanOut,
  disarmQueueFanOut,
  markQueueDirty,
  QUEUE_FAN_OUT_LEASE_MS,
} from '#db/queue-fan-out';
import { env } from '#core/env';
import { invokeAsync } from '../invoke-async';
import { errorFields, type Logger } from '../logger';

/** Attempts to arm or mark: each failure means the other writer moved in between. */
const QUEUE_CHANGE_ATTEMPTS = 3;

/**
 * A change that moves the queue (issue 29, docs/adr/0028): the fan-out that tells the waiting
 * pages runs in a worker, not in this request. The change marks the queue dirty and, when no
 * worker holds the fan-out, takes it and starts one (an asynchronous Lambda invocation: Lambda
 * answers once the run is queued). One conditional write, two at most, and an Invoke only for the
 * first change after a quiet spell; the worker makes one pass a second at most, however many
 * changes come. A convenience like the pushes (the pages poll every 30 s as a safety net): never
 * throws, a failure is logged with the case id only.
 */
export async function queueChanged(caseId: string, log: Logger): Promise<void> {
  try {
    for (let attempt = 0; attempt < QUEUE_CHANGE_ATTEMPTS; attempt += 1) {
      const now = Date.now();
      const until = now + QUEUE_FAN_OUT_LEASE_MS;
      if (await armQueueFanOut(now, until)) {
        await startWorker(until);
        return;
      }
      if (await markQueueDirty(now)) return;
    }
    log.warn('queue change not marked', { caseId });
  } catch (error) {
    log.warn('queue change not marked', { caseId, ...errorFields(error) });
  }
}

/** Starts the worker; when Lambda refuses, gives the fan-out back and says why. */
async function startWorker(until: number): Promise<void> {
  try {
    await invokeAsync(env.queueFanOutTargetArn, {});
  } catch (error) {
    await disarmQueueFanOut(until);
    throw error;
  }
}
