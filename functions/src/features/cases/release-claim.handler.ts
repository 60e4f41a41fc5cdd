import { createLogger } from '#lib/logger';
import { claimReleaseInputSchema, releaseClaimAndAlert } from './claim-release';

/**
 * EventBridge Scheduler target at a claim's lease end (DESIGN.md §5). Not an HTTP route: the
 * schedule's input names the claim; a malformed input is logged and dropped (a retry would not
 * fix it).
 */
export async function handler(event: unknown): Promise<{ released: boolean }> {
  const log = createLogger({ route: 'cases/release-claim' });
  const input = claimReleaseInputSchema.safeParse(event);
  if (!input.success) {
    log.error('claim release input refused', {
      fields: input.error.issues.map((issue) => issue.path.join('.')).join(','),
    });
    return { released: false };
  }
  const released = await releaseClaimAndAlert(input.data, log);
  log.info('claim release handled', { caseId: input.data.caseId, released });
  return { released };
}
