import { createLogger } from '#lib/logger';
import { loadSecrets } from '#lib/secrets';
import { waitPromiseInputSchema } from './wait-promise-schedule';
import { keepWaitPromise, type WaitPromiseResult } from './wait-promise';

/**
 * EventBridge Scheduler target at `authorizedAt + WAIT_PROMISE_MINUTES` (docs/adr/0025). Not
 * an HTTP route: the schedule's input names the case and its authorization. A malformed input
 * is logged and dropped (a retry would not fix it); a run that throws is retried twice by
 * Lambda and then kept in the failed-runs queue (docs/deployment.md, "Failed scheduled runs").
 */
export async function handler(event: unknown): Promise<WaitPromiseResult> {
  const log = createLogger({ route: 'cases/lapse-wait-promise' });
  const input = waitPromiseInputSchema.safeParse(event);
  if (!input.success) {
    log.error('wait promise input refused', {
      fields: input.error.issues.map((issue) => issue.path.join('.')).join(','),
    });
    return { lapsed: false, voided: false };
  }
  // The void needs Stripe's key; HTTP and WebSocket handlers load theirs in their framework.
  await loadSecrets();
  const result = await keepWaitPromise(input.data, log);
  log.info('wait promise handled', { caseId: input.data.caseId, ...result });
  return result;
}
