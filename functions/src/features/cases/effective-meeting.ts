import type { MeetingRecord } from '#db/meetings';

/**
 * The meeting as everyone reads it at `now`, like `effectiveCase` (features/cases/claim-lease.ts):
 * an active meeting past its `endsAt` is completed, ended at `endsAt`, whether or not the
 * Scheduler's end-meeting run (up to a minute late) has stored it yet. `endsAt` is the authority.
 * With the case because the case's views read it, and meetings/ builds on cases/, not the reverse.
 */
export function effectiveMeeting(meeting: MeetingRecord, now: Date): MeetingRecord {
  if (meeting.status !== 'active' || meeting.endsAt === null) return meeting;
  if (Date.parse(meeting.endsAt) > now.getTime()) return meeting;
  return { ...meeting, status: 'completed', endedAt: meeting.endsAt };
}

/** Open for signalling: started, and before `endsAt` (DESIGN.md §7). */
export function meetingLive(meeting: MeetingRecord, now: Date): boolean {
  return effectiveMeeting(meeting, now).status === 'active';
}
