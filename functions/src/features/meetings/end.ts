import type { CaseStatus } from '@shared/cases/status';
import type { RoomServerMessage } from '@shared/meetings/signalling';
import { getCaseBundle, type CaseBundle } from '../../db/cases';
import { errorFields, type Logger } from '../../lib/logger';
import { completeCall } from '../cases/call-transitions';
import { pushCaseUpdate } from '../realtime/case-updates';
import { closeRoom, pushToRoom } from '../rooms/room-push';
import { cancelMeetingEnd } from './end-schedule';

export type EndReason = 'timer' | 'provider';

export type EndOutcome =
  /** This call completed the meeting (`delivered`: the rooms were told and closed). */
  | { outcome: 'ended'; endedAt: string; delivered: boolean }
  /** It was completed before (a repeat, a late Scheduler run, a race): the stored end. */
  | { outcome: 'already_ended'; endedAt: string; delivered: boolean }
  /** The meeting never started, or the case is in no call. */
  | { outcome: 'not_in_call'; status: CaseStatus }
  /** The timer's end before `endsAt` (Scheduler fires at or after it; a local timer may not). */
  | { outcome: 'too_early'; endsAt: string }
  | { outcome: 'not_found' };

/**
 * When a call ends: at `endsAt` for the timer, even when Scheduler fires late (the rooms closed
 * at `endsAt` to the second, DESIGN.md §7); now for 'End Call', but never after `endsAt`,
 * because past it the call already reads as completed at `endsAt`.
 */
function endTimeOf(endsAt: string, reason: EndReason, now: Date): string {
  if (reason === 'timer') return endsAt;
  return new Date(Math.min(now.getTime(), Date.parse(endsAt))).toISOString();
}

/**
 * Ends a meeting, the one path of its three callers: the Scheduler at `endsAt`
 * (`meetings/end-meeting`), 'End Call' (`meetings/end`) and a signal after `endsAt`
 * (`realtime/default`). One transaction completes the case and the meeting and counts the
 * provider's completion; it is idempotent: fired twice or late, there is one completion and
 * every caller gets the same `endedAt` (a failed condition reads the stored result). Then the
 * end is pushed to both room connections and they are closed, and the patient's pages hear of
 * it (issue 12: the visit page moves to feedback); an early end also deletes the schedule.
 * Pushing to the rooms is repeated on repeats (it reaches nobody once they are closed), so a
 * Scheduler retry after a failed push still tells the rooms.
 */
export async function endMeeting(
  caseId: string,
  reason: EndReason,
  log: Logger,
  now = new Date(),
): Promise<EndOutcome> {
  let bundle: CaseBundle | null = await getCaseBundle(caseId);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (!bundle?.meeting) return { outcome: 'not_found' };
    const { case: caseRecord, meeting } = bundle;
    if (caseRecord.status === 'completed') {
      const endedAt = caseRecord.endedAt ?? meeting.endedAt ?? now.toISOString();
      // How it ended, from the stored times: only the timer's end is at `endsAt` exactly.
      const storedReason = endedAt === caseRecord.endsAt ? 'timer' : 'provider';
      const delivered = await tellRoom(meeting.id, endedAt, storedReason, log);
      return { outcome: 'already_ended', endedAt, delivered };
    }
    if (caseRecord.status !== 'in_call' || !caseRecord.endsAt) {
      return { outcome: 'not_in_call', status: caseRecord.status };
    }
    if (reason === 'timer' && now.getTime() < Date.parse(caseRecord.endsAt)) {
      return { outcome: 'too_early', endsAt: caseRecord.endsAt };
    }
    const endedAt = endTimeOf(caseRecord.endsAt, reason, now);
    if (await completeCall(bundle, endedAt)) {
      if (reason === 'provider') {
        await cancelMeetingEnd(meeting.id).catch((error: unknown) =>
          log.warn('meeting end schedule not deleted', { caseId, ...errorFields(error) }),
        );
      }
      log.info('meeting ended', { caseId, meetingId: meeting.id, reason });
      const [delivered] = await Promise.all([
        tellRoom(meeting.id, endedAt, reason, log),
        pushCaseUpdate(caseId, 'completed', log),
      ]);
      return { outcome: 'ended', endedAt, delivered };
    }
    // Another caller completed it between our read and our write: read what it stored.
    bundle = await getCaseBundle(caseId);
  }
  throw new Error('meeting end lost its transaction twice');
}

/** Pushes the end to the room and closes it; false (logged) when that failed. */
async function tellRoom(
  meetingId: string,
  endedAt: string,
  reason: EndReason,
  log: Logger,
): Promise<boolean> {
  const message: RoomServerMessage = { type: 'MEETING_ENDED', endedAt, reason };
  const failed = (step: string) => (error: unknown) => {
    log.warn(`meeting end: ${step} failed`, { meetingId, ...errorFields(error) });
    return false;
  };
  const pushed = await pushToRoom(meetingId, message).then(() => true, failed('push'));
  // Closed even when a push failed: nothing may go on in a room that has ended.
  const closed = await closeRoom(meetingId).then(() => true, failed('close'));
  return pushed && closed;
}
