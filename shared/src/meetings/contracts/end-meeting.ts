import { caseParamsSchema } from '../../cases/case-id';
import { defineRoute } from '../../http/contract';
import { endMeetingResponseSchema } from '../timer';

/**
 * Not in the spec's table: 'End Call' in the doctor's room. Provider only, the claimer only;
 * the same idempotent end as the Scheduler's at `endsAt`, so a second call answers the same time.
 */
export const endMeeting = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/meetings/{caseId}/end',
  params: caseParamsSchema,
  response: endMeetingResponseSchema,
});
