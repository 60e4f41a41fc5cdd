import { defineRoute } from '../../http/contract';
import { realtimeTicketResponseSchema } from '../api';

/**
 * A single-use ticket for the `/ws` connect, valid `TICKET_LIFETIME_SECONDS`. Provider only, and
 * refused (403) while the provider must still change the temporary password.
 */
export const createRealtimeTicket = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/realtime/ticket',
  response: realtimeTicketResponseSchema,
});
