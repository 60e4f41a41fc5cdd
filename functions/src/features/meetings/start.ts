import { startRuleMessages } from '@shared/meetings/start-rule';
import type { StartMeetingTimerResponse } from '@shared/meetings/timer';
import type { CaseBundle } from '#db/cases/bundle';
import { env } from '#core/env';
import { serviceUnavailable } from '#core/errors';
import { errorFields, type Logger } from '#lib/logger';
import { startCall, type CallTimes } from '../cases/call-transitions';
import { judgeEstimateAtStart } from '../cases/wait-samples';
import { pushCaseUpdate } from '#lib/realtime/case-updates';
import { pushToParties } from '#lib/realtime/room-parties';
import { meetingEndScheduleName, scheduleMeetingEnd } from './end-schedule';
import { scheduleProviderJoinCheck } from './provider-join-check';
import { ownCall } from './start-rule';

/** The clock of a meeting started at `now`: `endsAt = startedAt + MEETING_DURATION_SECONDS`. */
export function callTimesFrom(
  meetingId: string,
  now: Date,
  durationSeconds = env.meetingDurationSeconds,
): CallTimes {
  return {
    startedAt: now.toISOString(),
    endsAt: new Date(now.getTime() + durationSeconds * 1000).toISOString(),
    autoEndTimerId: meetingEndScheduleName(meetingId),
  };
}

/**
 * Starts the meeting timer of the provider's own claimed case (DESIGN.md §7): the start rule,
 * then one transaction (case claimed → in_call, meeting scheduled → active, with `startedAt`
 * and `endsAt`), then the Scheduler's one-time schedules at `endsAt` and, for a doctor who never
 * enters the room, at the join grace's end (docs/adr/0023), then `MEETING_STARTED` to
 * the room's two parties (the patient may be waiting in it) and `CASE_UPDATED` to the patient's pages (issue
 * 12). Idempotent: a second call by the claimer, or a race with one, answers the same times and
 * makes sure the schedule exists, so a start whose schedule failed (503) is repaired by calling
 * again.
 */
export async function startMeetingTimer(
  bundle: CaseBundle,
  providerId: string,
  log: Logger,
  now = new Date(),
  durationSeconds = env.meetingDurationSeconds,
): Promise<StartMeetingTimerResponse> {
  let current = ownCall(bundle, providerId, now);
  if (current.case.status === 'claimed') {
    const times = callTimesFrom(current.meeting.id, now, durationSeconds);
    const holder = { providerId, claimedAt: current.case.claimedAt ?? '' };
    const started = await startCall(bundle, holder, times, now);
    if (started.outcome === 'lost') {
      // A concurrent start by the same claimer won (same answer), or the claim lapsed or moved.
      if (!started.latest) throw new Error('a started case disappeared');
      current = ownCall(started.latest, providerId, now);
      if (current.case.status !== 'in_call') throw serviceUnavailable(startRuleMessages.failed);
    } else {
      current = {
        case: { ...current.case, status: 'in_call', ...times },
        meeting: { ...current.meeting, status: 'active', ...times },
      };
      log.info('meeting started', { caseId: current.case.id, meetingId: current.meeting.id });
      await Promise.all([
        pushCaseUpdate(current.case.id, 'in_call', log),
        // Once per start won: the real wait against the estimate given at payment (issue 28).
        judgeEstimateAtStart(bundle.case, times.startedAt, log),
      ]);
    }
  }
  const { meeting } = current;
  if (!meeting.startedAt || !meeting.endsAt) throw new Error('an active meeting has no clock');
  const input = { caseId: current.case.id, meetingId: meeting.id };
  await scheduleMeetingEnd(input, meeting.endsAt).catch((error: unknown) => {
    log.error('meeting end schedule failed', { ...input, ...errorFields(error) });
    throw serviceUnavailable(startRuleMessages.failed);
  });
  // A doctor who never enters the room releases the case to the queue (docs/adr/0023). Without
  // this schedule the call still ends at `endsAt` (as a no-show), so a failure only logs.
  await scheduleProviderJoinCheck({ ...input, startedAt: meeting.startedAt }).catch(
    (error: unknown) =>
      log.error('provider join check schedule failed', { ...input, ...errorFields(error) }),
  );

  const answer = {
    startedAt: meeting.startedAt,
    endsAt: meeting.endsAt,
    serverTime: new Date().toISOString(),
  };
  // To the patient's current page and the claimer's own (docs/adr/0013-room-connections.md).
  await pushToParties(meeting.id, providerId, { type: 'MEETING_STARTED', ...answer }).catch(
    (error: unknown) =>
      log.warn('meeting start not pushed', { meetingId: meeting.id, ...errorFields(error) }),
  );
  return { success: true, meetingId: meeting.id, ...answer };
}
