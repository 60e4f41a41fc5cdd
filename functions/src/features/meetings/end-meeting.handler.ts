import { createLogger, errorFields } from '../../lib/logger';
import { endMeeting, type EndOutcome } from './end';
import { meetingEndInputSchema } from './end-schedule';

/**
 * EventBridge Scheduler target at a meeting's `endsAt` (DESIGN.md §7), input `{caseId,
 * meetingId}`. Not an HTTP route. Idempotent: a repeated or late run changes nothing and answers
 * the stored end. A malformed input is logged and dropped (a retry would not fix it); a failed
 * push throws, so Scheduler retries and the rooms still hear of the end.
 */
export async function handler(event: unknown): Promise<EndOutcome | { outcome: 'refused' }> {
  const log = createLogger({ route: 'meetings/end-meeting' });
  const input = meetingEndInputSchema.safeParse(event);
  if (!input.success) {
    log.error('meeting end input refused', {
      fields: input.error.issues.map((issue) => issue.path.join('.')).join(','),
    });
    return { outcome: 'refused' };
  }
  const ended = await endMeeting(input.data.caseId, 'timer', log).catch((error: unknown) => {
    log.error('meeting end failed', { caseId: input.data.caseId, ...errorFields(error) });
    throw error;
  });
  log.info('meeting end handled', { caseId: input.data.caseId, outcome: ended.outcome });
  if ('delivered' in ended && !ended.delivered) throw new Error('meeting end not delivered');
  return ended;
}
