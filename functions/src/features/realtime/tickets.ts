import { TICKET_LIFETIME_SECONDS } from '@shared/realtime/api';
import {
  putRealtimeTicket,
  takeRealtimeTicket,
  type RealtimeTicket,
  type RoomTicket,
} from '#db/realtime-tickets';
import type { Session } from '#lib/auth/sessions';
import { hashToken, newToken } from '#lib/auth/tokens';

/**
 * A ticket for the `/ws` connect of this provider session: random, stored only as its hash,
 * valid `TICKET_LIFETIME_SECONDS`, redeemable once.
 */
export async function issueTicket(
  session: Session,
  now = Date.now(),
): Promise<{ ticket: string; expiresAt: number }> {
  const ticket = newToken();
  const expiresAt = now + TICKET_LIFETIME_SECONDS * 1000;
  await putRealtimeTicket(hashToken(ticket), {
    providerId: session.subjectId,
    sessionId: session.id,
    expiresAt,
  });
  return { ticket, expiresAt };
}

/**
 * A ticket for the `/ws` connect of one room party (issue 9), issued by the room session route
 * to whoever holds a valid room token: same lifetime and single use as a provider's.
 */
export async function issueRoomTicket(
  room: Omit<RoomTicket, 'channel' | 'expiresAt'>,
  now = Date.now(),
): Promise<string> {
  const ticket = newToken();
  await putRealtimeTicket(hashToken(ticket), {
    channel: 'room',
    ...room,
    expiresAt: now + TICKET_LIFETIME_SECONDS * 1000,
  });
  return ticket;
}

/**
 * A ticket for the `/ws` connect of a patient page (issue 12): it opens a subscription to this
 * one case's updates and nothing else. Same lifetime and single use as the others.
 */
export async function issueCaseTicket(
  caseId: string,
  now = Date.now(),
): Promise<{ ticket: string; expiresAt: number }> {
  const ticket = newToken();
  const expiresAt = now + TICKET_LIFETIME_SECONDS * 1000;
  await putRealtimeTicket(hashToken(ticket), { channel: 'case', caseId, expiresAt });
  return { ticket, expiresAt };
}

/** Redeems a ticket: who it was issued to, or null when unknown, used or expired. */
export function redeemTicket(ticket: string, now = Date.now()): Promise<RealtimeTicket | null> {
  return takeRealtimeTicket(hashToken(ticket), now);
}
