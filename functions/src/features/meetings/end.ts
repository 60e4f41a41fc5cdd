import type { CaseStatus } from '@shared/cases/status';
import type { RoomServerMessage } from '@shared/meetings/signalling';
import { getCaseBundle, type CaseBundle } from '#db/cases/bundle';
import { errorFields, type Logger } from '#lib/logger';
import { isPatientNoShow, patientJoinedCall } from '../cases/call-joins';
import { completeCall, endCallAsNoShow } from '../cases/call-transitions';
import { releaseCaseMoney } from '../cases/case-refund';
import { sampleConsultation } from '../cases/wait-samples';
import { pushCaseUpdate } from '#lib/realtime/case-updates';
import { closeRoom, pushToRoom } from '#lib/realtime/room-push';
import { settleEndedCall } from './call-settlement';
import { cancelMeetingEnd } from './end-schedule';

export type EndReason = 'timer' | 'provider';

export type EndOutcome =
  /**
   * This call ended the meeting (`delivered`: the rooms were told and closed); `noShow`: the
   * patient never joined it, so it was cancelled and its payment voided instead of completed
   * (ADR 0023, ADR 0024).
   */
  | { outcome: 'ended'; endedAt: string; delivered: boolean; noShow: boolean }
  /** It was ended before (a repeat, a late Scheduler run, a race): the stored end. */
  | { outcome: 'already_ended'; endedAt: string; delivered: boolean; noShow: boolean }
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
 * provider's completion; a call the patient never joined is cancelled instead (docs/adr/0023).
 * The payment follows (docs/adr/0024): captured when both parties were connected long enough,
 * voided otherwise and for a no-show (`call-settlement.ts`; repeats ask again, the first
 * decision stands). It is idempotent: fired twice or late, there is one completion and
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
    const noShow = isPatientNoShow(caseRecord);
    if (caseRecord.status === 'completed' || noShow) {
      const endedAt = caseRecord.endedAt ?? meeting.endedAt ?? now.toISOString();
      // How it ended, from the stored times: only the timer's end is at `endsAt` exactly.
      const storedReason = endedAt === caseRecord.endsAt ? 'timer' : 'provider';
      // The money again: a run after a failed settlement (Lambda's retry, the timer's run after
      // an early End Call) completes it; one settled already is not asked of Stripe again.
      if (noShow) await releaseNoShow(bundle, reason, log);
      else await settleEndedCall(caseId, endedAt, log);
      const delivered = await tellRoom(meeting.id, endedAt, storedReason, log);
      return { outcome: 'already_ended', endedAt, delivered, noShow };
    }
    if (caseRecord.status !== 'in_call' || !caseRecord.endsAt) {
      return { outcome: 'not_in_call', status: caseRecord.status };
    }
    if (reason === 'timer' && now.getTime() < Date.parse(caseRecord.endsAt)) {
      return { outcome: 'too_early', endsAt: caseRecord.endsAt };
    }
    const endedAt = endTimeOf(caseRecord.endsAt, reason, now);
    if (!patientJoinedCall(caseRecord)) {
      if (await endCallAsNoShow(bundle, endedAt)) {
        log.info('meeting ended as a no-show', { caseId, meetingId: meeting.id, reason });
        // The end schedule stays after an early End Call: its run retries a failed release.
        const [delivered] = await Promise.all([
          tellRoom(meeting.id, endedAt, reason, log),
          pushCaseUpdate(caseId, 'cancelled', log),
        ]);
        const cancelled = await getCaseBundle(caseId);
        if (cancelled) await releaseNoShow(cancelled, reason, log);
        return { outcome: 'ended', endedAt, delivered, noShow: true };
      }
      bundle = await getCaseBundle(caseId);
      continue;
    }
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
        // Once per completion won: the call's length, a sample of the wait estimate (issue 28).
        sampleConsultation(caseId, caseRecord.startedAt, endedAt, log),
      ]);
      await settleEndedCall(caseId, endedAt, log);
      return { outcome: 'ended', endedAt, delivered, noShow: false };
    }
    // Another caller completed it between our read and our write: read what it stored.
    bundle = await getCaseBundle(caseId);
  }
  throw new Error('meeting end lost its transaction twice');
}

/**
 * Gives a no-show's money back (`releaseCaseMoney`: its authorization voided, which never
 * throws; a legacy captured payment refunded). The timer's run rethrows a failed refund, so
 * Lambda retries it (and keeps it for a replay); 'End Call' and a late room message only log it:
 * the end schedule, kept for a no-show, retries it at `endsAt`.
 */
async function releaseNoShow(bundle: CaseBundle, reason: EndReason, log: Logger): Promise<void> {
  try {
    await releaseCaseMoney(bundle, 'patient_no_show', log);
  } catch (error) {
    if (reason === 'timer') throw error;
    log.warn('no-show refund left to the end schedule', {
      caseId: bundle.case.id,
      ...errorFields(error),
    });
  }
}

/**
 * Pushes the end to the room and closes it; false (logged) when that failed. Also for a call
 * that goes back to the queue (meetings/provider-join-check.ts): nothing may go on in its room.
 */
export async function tellRoom(
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
