import * as z from 'zod';

/**
 * `POST /api/meetings/{caseId}/start-timer` answers the server's clock of the call (DESIGN.md
 * §7). Idempotent: a second call by the claimer answers the same `startedAt` and `endsAt`.
 */
export const startMeetingTimerResponseSchema = z.object({
  success: z.literal(true),
  meetingId: z.uuid(),
  startedAt: z.string(),
  endsAt: z.string(),
  serverTime: z.string(),
});
export type StartMeetingTimerResponse = z.infer<typeof startMeetingTimerResponseSchema>;

/** `POST /api/meetings/{caseId}/end` ('End Call'): the same path as the timer's end. */
export const endMeetingResponseSchema = z.object({
  success: z.literal(true),
  endedAt: z.string(),
});
export type EndMeetingResponse = z.infer<typeof endMeetingResponseSchema>;
