import { expect } from 'vitest';
import { openAlertSocket, type AlertSocket } from './alert-socket';
import type { TestStack } from './global-setup';
import { patientHeaders } from './patient-journey';
import { appFetch } from './stack-context';
import type { CaseStatus } from '@shared/cases/status';
import { pathOf } from '@shared/http/contract';
import type { CaseUpdatedMessage, QueueMovedMessage } from '@shared/realtime/api';
import { createCaseRealtimeTicket } from '@shared/realtime/contracts';

/** A patient page's case socket (issue 12), for integration tests and the bench. */

/**
 * `POST /api/cases/{caseId}/realtime-ticket` as the patient's page sends it (no body, the case's
 * key in its header: {@link patientHeaders}); `headers` replaces them, e.g. `{}` for a caller
 * without the key.
 */
export function requestCaseTicket(
  stack: TestStack,
  caseId: string,
  headers: Record<string, string> = patientHeaders(caseId),
): Promise<Response> {
  return appFetch(stack, pathOf(createCaseRealtimeTicket, { caseId }), {
    method: 'POST',
    headers,
  });
}

export async function caseTicket(stack: TestStack, caseId: string): Promise<string> {
  const response = await requestCaseTicket(stack, caseId);
  if (response.status !== 200) throw new Error(`case ticket refused: ${response.status}`);
  return ((await response.json()) as { ticket: string }).ticket;
}

/** A ticket asked for and redeemed: the socket of a page subscribed to this case. */
export async function openCaseSocket(stack: TestStack, caseId: string): Promise<AlertSocket> {
  return openAlertSocket(stack, await caseTicket(stack, caseId));
}

/** The `CASE_UPDATED` messages a socket has received so far. */
export function caseUpdates(socket: AlertSocket): CaseUpdatedMessage[] {
  return socket.messages.filter(
    (message): message is CaseUpdatedMessage => message.type === 'CASE_UPDATED',
  );
}

/** The `QUEUE_MOVED` messages of this case a socket has received so far, oldest first. */
export function queueMoves(socket: AlertSocket, caseId: string): QueueMovedMessage[] {
  return socket.messages.filter(
    (message): message is QueueMovedMessage =>
      message.type === 'QUEUE_MOVED' && message.caseId === caseId,
  );
}

/** Waits until the socket has heard that this case moved to `status`. */
export async function expectCaseUpdate(
  socket: AlertSocket,
  caseId: string,
  status: CaseStatus,
): Promise<void> {
  await expect
    .poll(() => caseUpdates(socket), { timeout: 10_000 })
    .toContainEqual({ type: 'CASE_UPDATED', caseId, status });
}
