import WebSocket from 'ws';
import type { TestStack } from './global-setup';
import { patientKeyOf } from './patient-journey';
import { withTimeout } from './poll';
import { appFetch } from './stack-context';
import { pathOf } from '@shared/http/contract';
import { joinRoom } from '@shared/meetings/contracts';
import { roomTokenFromHash, type RoomRole, type RoomSessionResponse } from '@shared/meetings/room';
import type { RoomServerMessage } from '@shared/meetings/signalling';
import { caseIdOfRoomToken, PATIENT_KEY_HEADER } from '@shared/patients/patient-key';
import { realtimeUrl } from '@shared/realtime/api';

/** The room page's calls and socket, as a browser makes them, for integration tests. */

/** What a join link carries: the meeting id, the role and the token of its fragment. */
export function parseJoinLink(link: string): { meetingId: string; role: RoomRole; token: string } {
  const url = new URL(link);
  const token = roomTokenFromHash(url.hash);
  if (!token) throw new Error('join link without a token');
  return {
    meetingId: url.pathname.split('/').at(-1)!,
    role: url.searchParams.get('role') as RoomRole,
    token,
  };
}

/**
 * `POST /api/rooms/{meetingId}/session` with the token in the body, and the doctor's session
 * cookie (`name=value`) when given, as the doctor's browser sends it. The patient's room sends the
 * patient's key (docs/adr/0012): by default the one kept for the token's case, if any.
 */
export function roomSession(
  stack: TestStack,
  meetingId: string,
  role: RoomRole,
  token: string,
  cookie?: string,
  patientKey: string | null = role === 'patient' ? keptPatientKey(token) : null,
): Promise<Response> {
  return appFetch(stack, pathOf(joinRoom, { meetingId }), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(patientKey ? { [PATIENT_KEY_HEADER]: patientKey } : {}),
    },
    body: JSON.stringify({ role, token }),
  });
}

/** The key kept for the case a patient token names, or null. */
function keptPatientKey(token: string): string | null {
  const caseId = caseIdOfRoomToken(token);
  try {
    return caseId ? patientKeyOf(caseId) : null;
  } catch {
    return null;
  }
}

/** Enters the room of a join link: the session answer (throws unless 200). */
export async function enterRoom(
  stack: TestStack,
  link: string,
  cookie?: string,
): Promise<RoomSessionResponse> {
  const { meetingId, role, token } = parseJoinLink(link);
  const response = await roomSession(stack, meetingId, role, token, cookie);
  if (response.status !== 200) throw new Error(`room session refused: ${response.status}`);
  return (await response.json()) as RoomSessionResponse;
}

/** A room message or the keep-alive's answer. */
export type RoomSocketMessage = RoomServerMessage | { type: 'PONG' };

export interface RoomSocket {
  socket: WebSocket;
  messages: RoomSocketMessage[];
  closed: Promise<number>;
  send(message: unknown): void;
  /** Waits for the next message of this type: call it before the action that causes it. */
  next<Type extends RoomSocketMessage['type']>(
    type: Type,
  ): Promise<Extract<RoomSocketMessage, { type: Type }>>;
}

/** Opens `/ws?ticket=…` with a room ticket and the app's Origin. */
export function openRoomSocket(stack: TestStack, ticket: string): Promise<RoomSocket> {
  const socket = new WebSocket(realtimeUrl(stack.appUrl, ticket), {
    headers: { origin: stack.appUrl },
  });
  const messages: RoomSocketMessage[] = [];
  socket.on('message', (data: Buffer) =>
    messages.push(JSON.parse(data.toString()) as RoomSocketMessage),
  );
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  const next = <Type extends RoomSocketMessage['type']>(type: Type) =>
    withTimeout(
      `${type} on the room socket`,
      new Promise<Extract<RoomSocketMessage, { type: Type }>>((resolve, reject) => {
        const seen = messages.length;
        const check = () => {
          const found = messages.slice(seen).find((message) => message.type === type);
          if (!found) return;
          socket.off('message', check);
          resolve(found as Extract<RoomSocketMessage, { type: Type }>);
        };
        socket.on('message', check);
        void closed.then(() => {
          check();
          reject(new Error(`socket closed before ${type}`));
        });
      }),
    );
  return new Promise((resolve, reject) => {
    socket.once('open', () =>
      resolve({
        socket,
        messages,
        closed,
        send: (message) => socket.send(JSON.stringify(message)),
        next,
      }),
    );
    socket.once('error', reject);
  });
}

/** Sends a ping and waits for its PONG: every message pushed before it has arrived by then. */
export async function roomRoundTrip(room: RoomSocket): Promise<void> {
  const pong = room.next('PONG');
  room.send({ action: 'ping' });
  await pong;
}
