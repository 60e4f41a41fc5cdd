import * as z from 'zod';

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

/** Alert message (spec doc 2 §3): type, case {id, triageSummary}. */
export const caseAlertTypes = ['NEW_CASE_CREATED', 'CASE_PAID_READY'] as const;
export type CaseAlertType = (typeof caseAlertTypes)[number];
export const caseAlertSchema = z.object({
  type: z.enum(caseAlertTypes),
  case: z.object({ id: z.string(), triageSummary: z.string() }),
});
export type CaseAlert = z.infer<typeof caseAlertSchema>;

/** The answer to a client ping. */
export const pongMessageSchema = z.object({ type: z.literal('PONG') });

/** Everything the server sends on `/ws`. */
export const serverMessageSchema = z.union([caseAlertSchema, pongMessageSchema]);
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
export const clientMessageSchema = z.object({ action: z.literal('ping') });
