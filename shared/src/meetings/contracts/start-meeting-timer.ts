import { caseParamsSchema } from '../../cases/case-id';
import { defineRoute } from '../../http/contract';

/** Not built yet (consultation issue): the server clock of the call starts here (DESIGN.md §7). */
export const startMeetingTimer = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/meetings/{caseId}/start-timer',
  params: caseParamsSchema,
});
