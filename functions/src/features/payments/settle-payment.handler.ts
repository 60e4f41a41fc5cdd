import { createLogger } from '#lib/logger';
import { loadSecrets } from '#lib/secrets';
import { retrySettlement, settlementRetryInputSchema, type SettlementOutcome } from './settlement';

/**
 * EventBridge Scheduler target: the retry of a capture or void that failed (docs/adr/0024), a
 * few seconds after the failure. Not an HTTP route: the schedule's input names the case and the
 * decision. A malformed input is logged and dropped (a retry would not fix it); a failed
 * settlement throws, so Lambda runs it again twice (EventInvokeConfig) and then keeps the run in
 * the failed-runs queue `telehealth-{stage}-target-dlq`, whose alarm fires and which
 * `npm run dead-letters` replays (docs/deployment.md, "Failed scheduled runs").
 */
export async function handler(event: unknown): Promise<SettlementOutcome | null> {
  const log = createLogger({ route: 'payments/settle-payment' });
  const input = settlementRetryInputSchema.safeParse(event);
  if (!input.success) {
    log.error('settlement retry input refused', {
      fields: input.error.issues.map((issue) => issue.path.join('.')).join(','),
    });
    return null;
  }
  // Stripe's key; HTTP and WebSocket handlers load theirs in their framework.
  await loadSecrets();
  const outcome = await retrySettlement(input.data, log);
  log.info('settlement retry handled', { caseId: input.data.caseId, outcome: outcome.outcome });
  return outcome;
}
