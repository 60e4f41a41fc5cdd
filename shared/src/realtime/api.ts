import * as z from 'zod';
import { caseWaitResponseSchema } from '../cases/queue-wait';
import { caseStatusSchema } from '../cases/status';

/**
 * Live alerts over the WebSocket API `/ws` (spec doc 2 §7, issue 8). The dashboard asks
 * `POST /api/realtime/ticket` for a short-lived single-use ticket and connects to
 * `/ws?ticket=…`: the session token never travels in a URL.
 */
export const WEBSOCKET_PATH = '/ws';
export const TICKET_QUERY_PARAM = 'ticket';
/** How long a ticket can be used to connect. */
export const TICKET_LIFETIME_SECONDS = 30;

export const realtimeTicketResponseSchema = z.object({
  ticket: z.string(),
  /** ISO time after which `$connect` refuses the ticket. */
  expiresAt: z.string(),
});
export type RealtimeTicketResponse = z.infer<typeof realtimeTicketResponseSchema>;

/** The `/ws` URL on the page's host: `wss:` when the page is served over https. */
export function realtimeUrl(pageOrigin: string, ticket: string): string {
  const url = new URL(WEBSOCKET_PATH, pageOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set(TICKET_QUERY_PARAM, ticket);
  return url.toString();
}

/**
 * Alert message (spec doc 2 §3): type, case {id, triageSummary}. Every provider hears it, so it
 * carries what a doctor needs to notice a case and no more (issue 25 item 4): the summary cut to
 * the toast's 50 characters, and none at all for `NEW_CASE_CREATED`, sent at intake before
 * payment (an unpaid case is no provider's business, and its text is anyone's to write).
 */
export const caseAlertTypes = ['NEW_CASE_CREATED', 'CASE_PAID_READY'] as const;
export type CaseAlertType = (typeof caseAlertTypes)[number];
export const caseAlertSchema = z.object({
  type: z.enum(caseAlertTypes),
  case: z.object({ id: z.string(), triageSummary: z.string().optional() }),
});
export type CaseAlert = z.infer<typeof caseAlertSchema>;

/**
 * Push to patient pages (issue 12, docs/adr/0007): sent on a case connection (opened with a
 * ticket from `POST /api/cases/{caseId}/realtime-ticket`) whenever the case changes in a way a
 * patient page shows. `status` is the stored status after the change, when the sender knows it;
 * the page refetches its own query either way, so the message carries nothing else.
 */
export const caseUpdatedMessageSchema = z.object({
  type: z.literal('CASE_UPDATED'),
  caseId: z.string(),
  status: caseStatusSchema.optional(),
});
export type CaseUpdatedMessage = z.infer<typeof caseUpdatedMessageSchema>;

/**
 * The queue moved (issue 28 item 5): a case ahead was paid, claimed, released, started, expired
 * or cancelled. Sent on the case connections of the cases still waiting; `caseId` is the
 * receiving page's own case and `wait` its new place and estimate, the answer
 * `GET /api/cases/{caseId}/wait` would give: computed once for the whole queue by the sender,
 * so a move costs no request per waiting page (docs/capacity.md). Nothing about other cases.
 */
export const queueMovedMessageSchema = z.object({
  type: z.literal('QUEUE_MOVED'),
  caseId: z.string(),
  wait: caseWaitResponseSchema,
});
export type QueueMovedMessage = z.infer<typeof queueMovedMessageSchema>;

/**
 * The patient's presence on the visit page (issue 27 item 1), pushed to the claiming doctor's
 * dashboard sockets only, when a patient page of the case connects or the last one disconnects.
 * `present`: a patient page of the case is open now; `lastSeenAt`: when a patient page last
 * connected or closed (ISO), null if never. Nothing else of the patient travels.
 */
export const patientPresenceMessageSchema = z.object({
  type: z.literal('PATIENT_PRESENCE'),
  caseId: z.string(),
  present: z.boolean(),
  lastSeenAt: z.string().nullable(),
});
export type PatientPresenceMessage = z.infer<typeof patientPresenceMessageSchema>;

/**
 * How often a patient page polls while its case socket is open: a safety net for a push lost
 * on the way. While the socket is not open the spec's intervals (1 s, 2 s, 5 s, 30 s) apply.
 */
export const PUSHED_PAGE_POLL_MS = 30_000;

/** The answer to a client ping. */
export const pongMessageSchema = z.object({ type: z.literal('PONG') });

/** Everything the server sends on `/ws`. */
export const serverMessageSchema = z.union([
  caseAlertSchema,
  caseUpdatedMessageSchema,
  queueMovedMessageSchema,
  patientPresenceMessageSchema,
  pongMessageSchema,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/**
 * What a client may send: a keep-alive ping, within API Gateway's 10-minute idle timeout (every
 * few minutes is enough). The server answers `{ type: 'PONG' }`.
 */
export const PING_MESSAGE = { action: 'ping' } as const;
/**
 * How often the dashboard pings: well within the idle timeout, and each ping also re-checks the
 * session, so a socket of an expired session closes within this interval.
 */
export const PING_INTERVAL_MS = 5 * 60 * 1000;
export const pingMessageSchema = z.object({ action: z.literal('ping') });

/**
 * The dashboard's heartbeat (issue 28 item 4, shared/src/providers/on-duty.ts): sent on its
 * alert connection at once when it opens, every `ON_DUTY_HEARTBEAT_SECONDS`, and when the page is
 * used again after an idle spell. `usedAt` is when the page last saw the doctor's input
 * (pointer, key, touch, the tab shown); the server keeps it, never later than its own clock.
 * It is no ping: no answer comes back, and only an alert connection's is recorded.
 */
export const heartbeatMessageSchema = z.object({
  action: z.literal('heartbeat'),
  usedAt: z.iso.datetime({ offset: true }),
});
export type HeartbeatMessage = z.infer<typeof heartbeatMessageSchema>;

/** What an alert or case connection may send: the keep-alive, and the dashboard's heartbeat. */
export const clientMessageSchema = z.discriminatedUnion('action', [
  pingMessageSchema,
  heartbeatMessageSchema,
]);
