import type { RealtimeTicketResponse } from '@shared/realtime/api';
import { requirePatientKey } from '#lib/auth/patient-key';
import { httpHandler } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { loadCase } from '../cases/load';
import { issueCaseTicket } from './tickets';

/**
 * POST /api/cases/{caseId}/realtime-ticket (issue 12): a patient page's pass for
 * `/ws?ticket=…`, which subscribes it to this case's `CASE_UPDATED` pushes and nothing else. An
 * unknown case is 404 as on the status route; without the case's patient key it is 403
 * (docs/adr/0012: the case id alone, which providers see, is no patient capability). Counted
 * per client (issue 25): each ticket opens a WebSocket connection.
 */
export const handler = httpHandler(routes.createCaseRealtimeTicket, {
  rateLimit: ({ clientIp }) => rateLimitFor('caseTickets', clientIp),
  async handle({ params, event }) {
    const bundle = await loadCase(params.caseId);
    requirePatientKey(event, bundle.case);
    const { ticket, expiresAt } = await issueCaseTicket(bundle.case.id);
    const answer: RealtimeTicketResponse = { ticket, expiresAt: new Date(expiresAt).toISOString() };
    return { body: answer, headers: { 'cache-control': 'no-store' } };
  },
});
