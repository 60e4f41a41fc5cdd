import type { RealtimeTicketResponse } from '@shared/realtime/api';
import { httpHandler } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { issueTicket } from './tickets';

/**
 * POST /api/realtime/ticket: the dashboard's pass for `/ws?ticket=…`, so the session token never
 * travels in a URL. The framework has already checked the provider session, the active account
 * and the changed password. Counted per provider account (issue 25): each ticket opens a
 * WebSocket connection.
 */
export const handler = httpHandler(routes.createRealtimeTicket, {
  rateLimit: ({ session }) => rateLimitFor('providerTickets', session.subjectId),
  async handle({ session }) {
    const { ticket, expiresAt } = await issueTicket(session);
    const answer: RealtimeTicketResponse = { ticket, expiresAt: new Date(expiresAt).toISOString() };
    return { body: answer, headers: { 'cache-control': 'no-store' } };
  },
});
