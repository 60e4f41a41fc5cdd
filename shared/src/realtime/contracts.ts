/** Live alert routes (issue 8): the ticket for the `/ws` connect. */
export { createRealtimeTicket } from './contracts/create-realtime-ticket';
/** Push to patient pages (issue 12): a ticket for one case's updates. */
export { createCaseRealtimeTicket } from './contracts/create-case-realtime-ticket';
