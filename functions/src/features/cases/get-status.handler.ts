import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { loadCase } from './load';
import { toCaseStatusResponse } from './views';

/** GET /api/cases/{caseId}/status: polled every 2 s (processing) or 5 s (visit page). */
export const handler = httpHandler(routes.getCaseStatus, {
  async handle({ params }) {
    return { body: toCaseStatusResponse(await loadCase(params.caseId)) };
  },
});
