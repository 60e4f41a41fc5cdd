import * as z from 'zod';
import { env } from '#core/env';
import { deleteSchedule, ensureScheduleOnce, moveScheduleOnce } from '#lib/scheduler';

/** What the end schedule hands `meetings/end-meeting`: which meeting of which case. */
export const meetingEndInputSchema = z.object({ caseId: z.uuid(), meetingId: z.uuid() });
export type MeetingEndInput = z.infer<typeof meetingEndInputSchema>;

/** One schedule per meeting; its name is stored on the meeting as `autoEndTimerId`. */
export function meetingEndScheduleName(meetingId: string): string {
  return `meeting-end-${meetingId}`;
}

/**
 * The one-time schedule at `endsAt` that ends the meeting (DESIGN.md §7): the backstop that
 * stores the end and pushes it, since the rooms already close at `endsAt` by themselves. An
 * existing one (a retried start) is kept.
 */
export async function scheduleMeetingEnd(input: MeetingEndInput, endsAt: string): Promise<void> {
  await ensureScheduleOnce({
    name: meetingEndScheduleName(input.meetingId),
    at: new Date(endsAt),
    targetArn: env.meetingEndTargetArn,
    input,
  });
}

/**
 * Moves the schedule to the meeting's new `endsAt` (a dropped call's extension,
 * docs/adr/0019-dropped-call-time.md): the end must not run at the old time.
 */
export async function moveMeetingEnd(input: MeetingEndInput, endsAt: string): Promise<void> {
  await moveScheduleOnce({
    name: meetingEndScheduleName(input.meetingId),
    at: new Date(endsAt),
    targetArn: env.meetingEndTargetArn,
    input,
  });
}

/** Removes the schedule of a meeting that ended early, so nothing stray fires later. */
export function cancelMeetingEnd(meetingId: string): Promise<void> {
  return deleteSchedule(meetingEndScheduleName(meetingId));
}
