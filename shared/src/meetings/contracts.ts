import { caseParamsSchema } from '../cases/api';
import { defineRoute } from '../http/contract';

/** Meeting routes (spec doc 2 §7). */

/** Not built yet (consultation issue): the server clock of the call starts here (DESIGN.md §7). */
export const startMeetingTimer = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/meetings/{caseId}/start-timer',
  params: caseParamsSchema,
});
