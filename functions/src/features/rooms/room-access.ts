import { getCaseBundle } from '#db/cases/bundle';
import type { MeetingRecord } from '#db/meetings';
import { effectiveCase } from '../cases/claim-lease';
import { effectiveMeeting } from '../cases/effective-meeting';

/** A room's meeting as it reads at `now`, whether the room is still open, and who holds it. */
export interface RoomState {
  meeting: MeetingRecord;
  /** Completed (also past `endsAt`) or cancelled: the room takes no one and relays nothing. */
  over: boolean;
  /**
   * The provider whose claim holds the case at `now` (a lapsed claim holds nothing): the only
   * provider whose room connection may send or hear anything.
   */
  claimedBy: string | null;
}

/**
 * The re-check of a room connection before anything is relayed to or accepted from it
 * (DESIGN.md §6): its meeting and case, read again (one consistent Query of the case
 * partition). Null when the case or meeting is gone or is another meeting.
 */
export async function readRoom(
  caseId: string,
  meetingId: string,
  now = new Date(),
): Promise<RoomState | null> {
  const bundle = await getCaseBundle(caseId);
  if (!bundle?.meeting || bundle.meeting.id !== meetingId) return null;
  const meeting = effectiveMeeting(bundle.meeting, now);
  return {
    meeting,
    over: meeting.status === 'completed' || meeting.status === 'cancelled',
    claimedBy: effectiveCase(bundle.case, now).claimedBy,
  };
}
