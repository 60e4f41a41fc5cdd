import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { listProviderCases } from './case-list';

/** GET /api/cases (provider): one page of a dashboard list and the counters. */
export const handler = httpHandler(routes.listCases, {
  async handle({ query, session }) {
    return { body: await listProviderCases(session.subjectId, query) };
  },
});
