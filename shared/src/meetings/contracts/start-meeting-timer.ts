import { caseParamsSchema } from '../../cases/case-id';
import { defineRoute } from '../../http/contract';
import { startMeetingTimerResponseSchema } from '../timer';

/**
 * Provider only, the claimer only (403 otherwise, with the start rule's message): records
 * `startedAt` and `endsAt`, moves the case to in_call and the meeting to active, and schedules
 * the end at `endsAt` (DESIGN.md §7). A refused start answers the start rule's message (409).
 */
export const startMeetingTimer = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/meetings/{caseId}/start-timer',
  params: caseParamsSchema,
  response: startMeetingTimerResponseSchema,
});
