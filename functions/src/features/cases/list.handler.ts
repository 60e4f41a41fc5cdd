import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { caseListCountersRead, listProviderCases } from './case-list';

/** GET /api/cases (provider): one page of a dashboard list and the counters. */
export const handler = httpHandler(routes.listCases, {
  // Total and Completed share the request of the account re-check (one BatchGetItem).
  alongsideAccount: caseListCountersRead,
  async handle({ query, session, alongsideAccount }) {
    return { body: await listProviderCases(session.subjectId, query, alongsideAccount) };
  },
});
