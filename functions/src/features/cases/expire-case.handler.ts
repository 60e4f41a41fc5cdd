import { createLogger } from '#lib/logger';
import { loadSecrets } from '#lib/secrets';
import { caseExpiryInputSchema } from './case-expiry-schedule';
import { expireAndRefund, type CaseExpiryResult } from './case-expiry';

/**
 * EventBridge Scheduler target at `paidAt + CASE_EXPIRY_SECONDS` (DESIGN.md §5). Not an HTTP
 * route: the schedule's input names the case. A malformed input is logged and dropped (a retry
 * would not fix it); a failed refund throws. Scheduler invokes this function asynchronously, so
 * Lambda runs it again twice (EventInvokeConfig), then keeps the run in the failed-runs queue
 * `telehealth-{stage}-target-dlq`, whose alarm fires and which `npm run dead-letters` replays
 * (docs/deployment.md, "Failed scheduled runs"); the local stack does the same.
 */
export async function handler(event: unknown): Promise<CaseExpiryResult> {
  const log = createLogger({ route: 'cases/expire-case' });
  const input = caseExpiryInputSchema.safeParse(event);
  if (!input.success) {
    log.error('case expiry input refused', {
      fields: input.error.issues.map((issue) => issue.path.join('.')).join(','),
    });
    return { expired: false, refund: null };
  }
  // The refund needs Stripe's key; HTTP and WebSocket handlers load theirs in their framework.
  await loadSecrets();
  const result = await expireAndRefund(input.data, log);
  log.info('case expiry handled', { caseId: input.data.caseId, expired: result.expired });
  return result;
}
