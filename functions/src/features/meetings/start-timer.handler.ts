import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { loadCase } from '../cases/load';
import { startMeetingTimer } from './start';

/**
 * POST /api/meetings/{caseId}/start-timer (provider, the claimer only): starts the 15-minute
 * clock (features/meetings/start.ts). Refusals answer the start rule's messages; a Scheduler
 * failure after the start is 503, repaired by calling again.
 */
export const handler = httpHandler(routes.startMeetingTimer, {
  successFlag: true,
  async handle({ params, session, log }) {
    const bundle = await loadCase(params.caseId);
    return { body: await startMeetingTimer(bundle, session.subjectId, log) };
  },
});
