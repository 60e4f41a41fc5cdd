import type { RealtimeTicketResponse } from '@shared/realtime/api';
import { httpHandler } from '../../lib/http/handler';
import { rateLimitFor } from '../../lib/rate-limits';
import * as routes from '../../routes';
import { loadCase } from '../cases/load';
import { issueCaseTicket } from './tickets';

/**
 * POST /api/cases/{caseId}/realtime-ticket (issue 12): a patient page's pass for
 * `/ws?ticket=…`, which subscribes it to this case's `CASE_UPDATED` pushes and nothing else. The
 * case id is the capability, as on the status route: an unknown case is 404 like there. Counted
 * per client (issue 25): each ticket opens a WebSocket connection.
 */
export const handler = httpHandler(routes.createCaseRealtimeTicket, {
  rateLimit: ({ clientIp }) => rateLimitFor('caseTickets', clientIp),
  async handle({ params }) {
    const bundle = await loadCase(params.caseId);
    const { ticket, expiresAt } = await issueCaseTicket(bundle.case.id);
    const answer: RealtimeTicketResponse = { ticket, expiresAt: new Date(expiresAt).toISOString() };
    return { body: answer, headers: { 'cache-control': 'no-store' } };
  },
});
