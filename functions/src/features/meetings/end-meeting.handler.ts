import { createLogger, errorFields, type Logger } from '#lib/logger';
import { endMeeting, type EndOutcome } from './end';
import { meetingEndInputSchema } from './end-schedule';
import {
  providerJoinCheckInputSchema,
  releaseIfProviderAbsent,
  type ProviderJoinOutcome,
} from './provider-join-check';

/** How early a run may come and still wait for `endsAt` rather than give up. */
const EARLY_TOLERANCE_MS = 5000;

const failed = (caseId: string, log: Logger) => (error: unknown) => {
  log.error('meeting end failed', { caseId, ...errorFields(error) });
  throw error;
};

/**
 * EventBridge Scheduler target at a meeting's `endsAt` (DESIGN.md §7), input `{caseId,
 * meetingId}`, and at the doctor's join grace's end, input `{check: 'provider_join', caseId,
 * meetingId, startedAt}` (docs/adr/0023). Not an HTTP route. Idempotent: a repeated or late run changes nothing and answers
 * the stored end. A malformed input is logged and dropped (a retry would not fix it); a failed
 * push throws, so Lambda retries it (and keeps it for a replay if every attempt fails) and the
 * rooms still hear of the end.
 */
export async function handler(
  event: unknown,
): Promise<EndOutcome | ProviderJoinOutcome | { outcome: 'refused' }> {
  const log = createLogger({ route: 'meetings/end-meeting' });
  // The same function checks, at the join grace's end, that the doctor entered the call.
  const joinCheck = providerJoinCheckInputSchema.safeParse(event);
  if (joinCheck.success) {
    const checked = await releaseIfProviderAbsent(joinCheck.data, log).catch(
      failed(joinCheck.data.caseId, log),
    );
    log.info('provider join check handled', {
      caseId: joinCheck.data.caseId,
      outcome: checked.outcome,
    });
    return checked;
  }
  const input = meetingEndInputSchema.safeParse(event);
  if (!input.success) {
    log.error('meeting end input refused', {
      fields: input.error.issues.map((issue) => issue.path.join('.')).join(','),
    });
    return { outcome: 'refused' };
  }
  const { caseId } = input.data;
  let ended = await endMeeting(caseId, 'timer', log).catch(failed(caseId, log));
  // Scheduler's `at()` is `endsAt` rounded up to the second, but a timer may still fire a few
  // milliseconds early (Node's may): wait for `endsAt` instead of leaving the end to no one.
  const wait =
    ended.outcome === 'too_early' ? Math.max(0, Date.parse(ended.endsAt) - Date.now()) : null;
  if (wait !== null && wait <= EARLY_TOLERANCE_MS) {
    await new Promise((resolve) => setTimeout(resolve, wait + 1));
    ended = await endMeeting(caseId, 'timer', log).catch(failed(caseId, log));
  }
  log.info('meeting end handled', { caseId, outcome: ended.outcome });
  if ('delivered' in ended && !ended.delivered) throw new Error('meeting end not delivered');
  return ended;
}
