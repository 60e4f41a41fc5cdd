/** Live alert routes (issue 8): the ticket for the `/ws` connect. */
export { createRealtimeTicket } from './contracts/create-realtime-ticket';
