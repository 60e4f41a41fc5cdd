import { createRealtimeTicket } from '@shared/realtime/contracts';
import { request } from '@web/lib/api';
import { providerAuth } from './provider-auth';

/** `POST /api/realtime/ticket`: a short-lived single-use ticket for the `/ws` connect. */
export async function getRealtimeTicket(): Promise<string> {
  const { ticket } = await request(createRealtimeTicket, { auth: providerAuth });
  return ticket;
}
