import WebSocket from 'ws';
import type { TestStack } from './global-setup';
import { withTimeout } from './poll';
import { providerFetch, type SignedInProvider } from './provider-journey';
import { pathOf } from '@shared/http/contract';
import { createRealtimeTicket } from '@shared/realtime/contracts';
import { realtimeUrl, type ServerMessage } from '@shared/realtime/api';

/** The live-alert socket as the dashboard opens it, for integration tests. */

export async function requestTicket(
  stack: TestStack,
  provider: Pick<SignedInProvider, 'cookie'>,
): Promise<string> {
  const response = await providerFetch(stack, provider, pathOf(createRealtimeTicket, {}), {
    method: 'POST',
  });
  if (response.status !== 200) throw new Error(`ticket refused: ${response.status}`);
  return ((await response.json()) as { ticket: string }).ticket;
}

export interface AlertSocket {
  socket: WebSocket;
  /** Every message received so far, parsed. */
  messages: ServerMessage[];
  /** Settles when the socket closes, with the close code. */
  closed: Promise<number>;
}

/**
 * Connects to `/ws?ticket=…` with the app's Origin (or another, or the handshake headers
 * given). Rejects with the refusal (`Unexpected server response: 401`) when `$connect` refuses.
 */
export function openAlertSocket(
  stack: TestStack,
  ticket: string,
  origin: string | Record<string, string> = stack.appUrl,
): Promise<AlertSocket> {
  const headers = typeof origin === 'string' ? { origin } : origin;
  const socket = new WebSocket(realtimeUrl(stack.appUrl, ticket), { headers });
  const messages: ServerMessage[] = [];
  socket.on('message', (data: Buffer) =>
    messages.push(JSON.parse(data.toString()) as ServerMessage),
  );
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('error', reject);
  });
}

/** Sends a ping and waits for its PONG: every message pushed before it has arrived by then. */
export async function roundTrip(alerts: AlertSocket): Promise<void> {
  const pongs = alerts.messages.filter((message) => message.type === 'PONG').length;
  alerts.socket.send(JSON.stringify({ action: 'ping' }));
  const pong = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (alerts.messages.filter((message) => message.type === 'PONG').length > pongs) {
        alerts.socket.off('message', check);
        resolve();
      }
    };
    alerts.socket.on('message', check);
    alerts.socket.once('close', () => reject(new Error('socket closed before PONG')));
  });
  await withTimeout('PONG on the alert socket', pong);
}
