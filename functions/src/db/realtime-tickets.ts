import * as z from 'zod';
import { epochSeconds, type ItemKey } from './keys';
import { parseStored } from './records';
import { IF_NEW, putItem, takeItem } from './table';

/**
 * Single-use tickets for the `/ws` connect (issue 8), stored under the SHA-256 of the ticket:
 * the browser puts the ticket in the URL, so it is short-lived, single-use and never a session.
 * Three kinds: a provider's (the alert channel, tied to the session that asked), a room
 * party's (issue 9: the room channel of one meeting and role, issued by the room session route)
 * and a patient page's (issue 12: the case channel of one case, issued to whoever holds its id).
 */
export const REALTIME_TICKET_ENTITY = 'RealtimeTicket';
const entity = { tag: REALTIME_TICKET_ENTITY, personalKey: true };

export const REALTIME_TICKET_PREFIX = 'WS_TICKET#';
export const realtimeTicketKey = (ticketHash: string): ItemKey => ({
  pk: `${REALTIME_TICKET_PREFIX}${ticketHash}`,
  sk: 'TICKET',
});

export const providerTicketSchema = z.object({
  providerId: z.string(),
  /** The session that asked for it: the connection is tied to that session. */
  sessionId: z.string(),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
});
export const roomTicketSchema = z.object({
  channel: z.literal('room'),
  meetingId: z.string(),
  caseId: z.string(),
  role: z.enum(['patient', 'provider']),
  /** The doctor's: the provider and the session that entered, kept on the connection. */
  providerId: z.string().optional(),
  sessionId: z.string().optional(),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
});
export const caseTicketSchema = z.object({
  channel: z.literal('case'),
  caseId: z.string(),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
});
// The kinds with a `channel` first (provider tickets predate channels).
export const realtimeTicketSchema = z.union([
  roomTicketSchema,
  caseTicketSchema,
  providerTicketSchema,
]);
export type ProviderTicket = z.infer<typeof providerTicketSchema>;
export type RoomTicket = z.infer<typeof roomTicketSchema>;
export type CaseTicket = z.infer<typeof caseTicketSchema>;
export type RealtimeTicket = z.infer<typeof realtimeTicketSchema>;

export async function putRealtimeTicket(ticketHash: string, ticket: RealtimeTicket): Promise<void> {
  await putItem(
    {
      ...realtimeTicketKey(ticketHash),
      entity: REALTIME_TICKET_ENTITY,
      ...ticket,
      // DynamoDB's TTL deletes within days; `expiresAt` is what counts.
      ttl: epochSeconds(new Date(ticket.expiresAt)) + 60,
    },
    IF_NEW,
  );
}

/**
 * Access pattern: redeem a ticket. One conditional delete: only the first caller before
 * `expiresAt` gets it; a second use, an unknown or an expired ticket gets null.
 */
export async function takeRealtimeTicket(
  ticketHash: string,
  now = Date.now(),
): Promise<RealtimeTicket | null> {
  const item = await takeItem(realtimeTicketKey(ticketHash), {
    expression: 'attribute_exists(pk) AND expiresAt > :now',
    values: { ':now': now },
  });
  return item ? parseStored(realtimeTicketSchema, entity, item) : null;
}
